import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  messageSchema,
  nextStepListSchema,
  nextStepResponseSchema,
  type NextStepCreate,
  type NextStepUpdate,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Next steps (issue 15; docs/RULES.md, Next steps). */

export type NextStepQuery = { owner?: string; window?: "overdue" | "week" | "open" | "all" };

export function useDonorNextSteps(donorId: string) {
  return useQuery({
    queryKey: queryKeys.nextSteps.donor(donorId),
    queryFn: async () =>
      nextStepListSchema.parse(await apiFetch(`/api/donors/${encodeURIComponent(donorId)}/next-steps`)).items,
  });
}

export function useNextSteps(query: NextStepQuery) {
  return useQuery({
    queryKey: queryKeys.nextSteps.list(query),
    queryFn: async () => {
      const q = new URLSearchParams(Object.entries(query).filter(([, v]) => v) as [string, string][]);
      return nextStepListSchema.parse(await apiFetch(`/api/next-steps?${q.toString()}`)).items;
    },
  });
}

/** Every next-step list (the donor's card, the day's lists) shows the change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.nextSteps.all });
}

export function useCreateNextStep(donorId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: NextStepCreate) =>
      nextStepResponseSchema.parse(
        await apiFetch(`/api/donors/${encodeURIComponent(donorId)}/next-steps`, { method: "POST", json: body }),
      ),
    onSuccess: refresh,
  });
}

export function useUpdateNextStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...patch }: NextStepUpdate & { id: string }) =>
      nextStepResponseSchema.parse(
        await apiFetch(`/api/next-steps/${encodeURIComponent(id)}`, { method: "PATCH", json: patch }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteNextStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) =>
      messageSchema.parse(await apiFetch(`/api/next-steps/${encodeURIComponent(id)}`, { method: "DELETE" })),
    onSuccess: refresh,
  });
}
