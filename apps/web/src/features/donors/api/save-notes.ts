import { useMutation, useQueryClient } from "@tanstack/react-query";
import { donorNotesResponseSchema, type DonorRecordResponse } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export async function saveDonorNotes(id: string, notes: string) {
  const data = await apiFetch(`/api/donors/${encodeURIComponent(id)}/notes`, {
    method: "PUT",
    json: { notes },
  });
  return donorNotesResponseSchema.parse(data);
}

export function useSaveDonorNotes(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) => saveDonorNotes(id, notes),
    onSuccess: ({ notes }) => {
      // The stored (sanitised) HTML replaces ours; the change history gained an entry.
      queryClient.setQueryData<DonorRecordResponse | null>(queryKeys.donors.record(id), (old) =>
        old ? { ...old, donor: { ...old.donor, notes } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.donors.record(id) });
    },
  });
}
