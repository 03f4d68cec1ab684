import { useMutation, useQueryClient } from "@tanstack/react-query";
import { issueSchema, type Issue, type IssueUpdate } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const updateIssue = async ({ id, change }: { id: string; change: IssueUpdate }): Promise<Issue> =>
  issueSchema.parse(await apiFetch(`/api/issues/${encodeURIComponent(id)}`, { method: "PATCH", json: change }));

export function useUpdateIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIssue,
    onSuccess: (issue) => {
      queryClient.setQueryData(queryKeys.issues.detail(issue.id), issue);
      return queryClient.invalidateQueries({ queryKey: queryKeys.issues.lists });
    },
  });
}
