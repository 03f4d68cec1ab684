import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  donorGroupSchema,
  groupMembersResponseSchema,
  savedDonorGroupSchema,
  type DonorFilterSettings,
  type DonorGroup,
  type SavedDonorGroup,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";

export const groupKeys = {
  static: (organizationId?: string) => ["donor-groups", "static", organizationId ?? ""] as const,
  saved: (organizationId?: string) => ["donor-groups", "saved", organizationId ?? ""] as const,
  all: ["donor-groups"] as const,
};

const orgQuery = (organizationId?: string) =>
  organizationId ? `?organizationId=${encodeURIComponent(organizationId)}` : "";

// ---------------------------------------------------------------- static groups

export async function listDonorGroups(organizationId?: string): Promise<DonorGroup[]> {
  const data = await apiFetch<{ groups: unknown[] }>(`/api/donor-groups${orgQuery(organizationId)}`);
  return data.groups.map((g) => donorGroupSchema.parse(g));
}

export const useDonorGroups = (organizationId?: string, enabled = true) =>
  useQuery({
    queryKey: groupKeys.static(organizationId),
    queryFn: () => listDonorGroups(organizationId),
    enabled,
    retry: false,
  });

export function useCreateDonorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; organizationId?: string }) =>
      donorGroupSchema.parse(await apiFetch<unknown>("/api/donor-groups", { method: "POST", json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

export function useDeleteDonorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(`/api/donor-groups/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/** Adds or removes donors; answers the server's spec message ('Added {n} donors to "{group}"'). */
export function useGroupMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ groupId, donorIds, action }: { groupId: string; donorIds: string[]; action: "add" | "remove" }) =>
      groupMembersResponseSchema.parse(
        await apiFetch<unknown>(
          `/api/donor-groups/${encodeURIComponent(groupId)}/members${action === "remove" ? "/remove" : ""}`,
          { method: "POST", json: { donorIds } },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

// ---------------------------------------------------------------- saved filter groups

export async function listSavedDonorGroups(organizationId?: string): Promise<SavedDonorGroup[]> {
  const data = await apiFetch<{ groups: unknown[] }>(`/api/saved-donor-groups${orgQuery(organizationId)}`);
  return data.groups.map((g) => savedDonorGroupSchema.parse(g));
}

export const useSavedDonorGroups = (organizationId?: string) =>
  useQuery({
    queryKey: groupKeys.saved(organizationId),
    queryFn: () => listSavedDonorGroups(organizationId),
    retry: false,
  });

export function useSaveFilterGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; filterSettings: DonorFilterSettings; organizationId?: string }) =>
      savedDonorGroupSchema.parse(await apiFetch<unknown>("/api/saved-donor-groups", { method: "POST", json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

export function useDeleteSavedDonorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<unknown>(`/api/saved-donor-groups/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
