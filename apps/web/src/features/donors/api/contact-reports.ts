import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  contactReportDeleteResponseSchema,
  contactReportListResponseSchema,
  contactReportResponseSchema,
  type ContactReportInput,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const base = (donorId: string) => `/api/donors/${encodeURIComponent(donorId)}/contact-reports`;

/** Issue 15: the donor's contact reports, newest first, with what the caller may do and whom they may name. */
export const useContactReports = (donorId: string) =>
  useQuery({
    queryKey: queryKeys.donors.contactReports(donorId),
    queryFn: async () => contactReportListResponseSchema.parse(await apiFetch(base(donorId))),
  });

/** Create (no id) or update (an id) a report; the list's Last Contact changes with it. */
export function useSaveContactReport(donorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: ContactReportInput }) =>
      contactReportResponseSchema.parse(
        await apiFetch(id ? `${base(donorId)}/${encodeURIComponent(id)}` : base(donorId), {
          method: id ? "PUT" : "POST",
          json: input,
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.donors.contactReports(donorId) });
      void queryClient.invalidateQueries({ queryKey: ["donors", "list"] });
    },
  });
}

export function useDeleteContactReport(donorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      contactReportDeleteResponseSchema.parse(
        await apiFetch(`${base(donorId)}/${encodeURIComponent(id)}`, { method: "DELETE" }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.donors.contactReports(donorId) });
      void queryClient.invalidateQueries({ queryKey: ["donors", "list"] });
    },
  });
}
