import { useMutation, useQueryClient } from "@tanstack/react-query";
import { issueSchema, type Issue, type IssueInput } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const submitIssue = async (input: IssueInput): Promise<Issue> =>
  issueSchema.parse(await apiFetch("/api/issues", { method: "POST", json: input }));

export function useSubmitIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitIssue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.issues.all }),
  });
}
