import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  donorGroupListSchema,
  donorGroupSchema,
  groupMembersResponseSchema,
  okSchema,
  savedDonorGroupListSchema,
  savedDonorGroupSchema,
  type DonorFilterSettings,
  type DonorGroup,
  type SavedDonorGroup,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const orgQuery = (organizationId?: string) =>
  organizationId ? `?organizationId=${encodeURIComponent(organizationId)}` : "";

// ---------------------------------------------------------------- static groups

export async function listDonorGroups(organizationId?: string): Promise<DonorGroup[]> {
  return donorGroupListSchema.parse(await apiFetch(`/api/donor-groups${orgQuery(organizationId)}`)).groups;
}

export const useDonorGroups = (organizationId?: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.donorGroups.static(organizationId),
    queryFn: () => listDonorGroups(organizationId),
    enabled,
    retry: false,
  });

export function useCreateDonorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; organizationId?: string }) =>
      donorGroupSchema.parse(await apiFetch("/api/donor-groups", { method: "POST", json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.donorGroups.all }),
  });
}

export function useDeleteDonorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      okSchema.parse(await apiFetch(`/api/donor-groups/${encodeURIComponent(id)}`, { method: "DELETE" })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.donorGroups.all }),
  });
}

/** Adds or removes donors; answers the server's spec message ('Added {n} donors to "{group}"'). */
export function useGroupMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      groupId,
      donorIds,
      action,
    }: {
      groupId: string;
      donorIds: string[];
      action: "add" | "remove";
    }) =>
      groupMembersResponseSchema.parse(
        await apiFetch(
          `/api/donor-groups/${encodeURIComponent(groupId)}/members${action === "remove" ? "/remove" : ""}`,
          { method: "POST", json: { donorIds } },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.donorGroups.all }),
  });
}

// ---------------------------------------------------------------- saved filter groups

export async function listSavedDonorGroups(organizationId?: string): Promise<SavedDonorGroup[]> {
  return savedDonorGroupListSchema.parse(await apiFetch(`/api/saved-donor-groups${orgQuery(organizationId)}`)).groups;
}

export const useSavedDonorGroups = (organizationId?: string) =>
  useQuery({
    queryKey: queryKeys.donorGroups.saved(organizationId),
    queryFn: () => listSavedDonorGroups(organizationId),
    retry: false,
  });

export function useSaveFilterGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; filterSettings: DonorFilterSettings; organizationId?: string }) =>
      savedDonorGroupSchema.parse(await apiFetch("/api/saved-donor-groups", { method: "POST", json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.donorGroups.all }),
  });
}

export function useDeleteSavedDonorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      okSchema.parse(await apiFetch(`/api/saved-donor-groups/${encodeURIComponent(id)}`, { method: "DELETE" })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.donorGroups.all }),
  });
}
