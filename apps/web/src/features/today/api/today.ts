import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  digestResponseSchema,
  digestStatusSchema,
  messageSchema,
  organizationSettingsResponseSchema,
  organizationSettingsSchema,
  todayListsSchema,
  type DigestSettingsInput,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The officer's day (issue 15; docs/api/today.md): the lists, the organisation's N, one's digest. */

export const useTodayLists = (owner: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.today(owner),
    queryFn: async () =>
      todayListsSchema.parse(await apiFetch(`/api/today?${new URLSearchParams({ owner }).toString()}`)),
    enabled,
  });

export const useOrganizationSettings = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.organizationSettings,
    queryFn: async () => organizationSettingsSchema.parse(await apiFetch("/api/organization/settings")),
    enabled,
  });

export function useSaveOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { noContactDays: number }) =>
      organizationSettingsResponseSchema.parse(
        await apiFetch("/api/organization/settings", { method: "PUT", json: body }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizationSettings });
      await queryClient.invalidateQueries({ queryKey: queryKeys.todayAll });
    },
  });
}

export const useDigest = () =>
  useQuery({
    queryKey: queryKeys.digest,
    queryFn: async () => digestStatusSchema.parse(await apiFetch("/api/account/digest")),
  });

export function useSaveDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DigestSettingsInput) =>
      digestResponseSchema.parse(await apiFetch("/api/account/digest", { method: "PUT", json: body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.digest }),
  });
}

export function useRemoveDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => messageSchema.parse(await apiFetch("/api/account/digest", { method: "DELETE" })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.digest }),
  });
}
