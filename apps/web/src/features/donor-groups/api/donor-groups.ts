import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  donorGroupListSchema,
  donorGroupSchema,
  groupMembersResponseSchema,
  okSchema,
  savedDonorGroupListSchema,
  savedDonorGroupSchema,
  type DonorFilterSettings,
  type DonorGroupList,
  type SavedDonorGroupList,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Which page of a group list: the organisation (admins), a name search and the page (ADR 072). */
export type GroupListParams = { organizationId?: string; q?: string; page?: number };

const listQuery = (p: GroupListParams) => {
  const qs = new URLSearchParams();
  if (p.organizationId) qs.set("organizationId", p.organizationId);
  if (p.q) qs.set("q", p.q);
  if (p.page && p.page > 1) qs.set("page", String(p.page));
  const s = qs.toString();
  return s ? `?${s}` : "";
};

// ---------------------------------------------------------------- static groups

/** One page of static groups by name; the previous page stays on screen while the next loads. */
export const useDonorGroups = (p: GroupListParams, enabled = true) =>
  useQuery({
    queryKey: queryKeys.donorGroups.static(p),
    queryFn: async (): Promise<DonorGroupList> =>
      donorGroupListSchema.parse(await apiFetch(`/api/donor-groups${listQuery(p)}`)),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
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

/** One page of saved filter groups, newest first. */
export const useSavedDonorGroups = (p: GroupListParams) =>
  useQuery({
    queryKey: queryKeys.donorGroups.saved(p),
    queryFn: async (): Promise<SavedDonorGroupList> =>
      savedDonorGroupListSchema.parse(await apiFetch(`/api/saved-donor-groups${listQuery(p)}`)),
    retry: false,
    placeholderData: keepPreviousData,
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
