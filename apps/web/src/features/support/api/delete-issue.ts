import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { supportKeys } from "./keys";

export const deleteIssue = (id: string) => apiFetch<unknown>(`/api/issues/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIssue,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: supportKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: supportKeys.list() });
    },
  });
}
