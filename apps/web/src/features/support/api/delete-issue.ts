import { useMutation, useQueryClient } from "@tanstack/react-query";
import { okSchema } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const deleteIssue = async (id: string) =>
  okSchema.parse(await apiFetch(`/api/issues/${encodeURIComponent(id)}`, { method: "DELETE" }));

export function useDeleteIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIssue,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.issues.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.issues.lists });
    },
  });
}
