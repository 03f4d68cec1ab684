import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  bulkRelationshipManagerResponseSchema,
  relationshipManagerResponseSchema,
  relationshipManagersResponseSchema,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { queryString } from "./query-string";

/** Issue 15, Portfolios (docs/RULES.md, Portfolios): who may be given donors, and assigning them. */
export async function listRelationshipManagers(organizationId?: string) {
  return relationshipManagersResponseSchema.parse(
    await apiFetch(`/api/donors/relationship-managers${queryString({ organizationId })}`),
  ).managers;
}

export const relationshipManagersQueryOptions = (organizationId?: string) =>
  queryOptions({
    queryKey: queryKeys.donors.relationshipManagers(organizationId),
    queryFn: () => listRelationshipManagers(organizationId),
    staleTime: 60_000,
  });

/** The managers of an organisation (the signed-in user's own without one); off until `enabled`. */
export const useRelationshipManagers = (organizationId?: string, enabled = true) =>
  useQuery({ ...relationshipManagersQueryOptions(organizationId), enabled });

export function useAssignRelationshipManager(donorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string | null) =>
      relationshipManagerResponseSchema.parse(
        await apiFetch(`/api/donors/${encodeURIComponent(donorId)}/relationship-manager`, {
          method: "PUT",
          json: { userId },
        }),
      ),
    // The record (and its change history), the list's column and the Portfolio filter's results changed.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.donors.all }),
  });
}

export function useBulkAssignRelationshipManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { donorIds: string[]; userId: string | null }) =>
      bulkRelationshipManagerResponseSchema.parse(
        await apiFetch("/api/donors/relationship-manager", { method: "POST", json: input }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.donors.all }),
  });
}
