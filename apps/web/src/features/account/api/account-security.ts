import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  authSessionSchema,
  enableTwoFactorResultSchema,
  type AuthSession,
  type EnableTwoFactorResult,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** better-auth's session answer; only the two-factor flag is read here. */
export const getSession = async (): Promise<AuthSession> =>
  authSessionSchema.parse(await apiFetch("/api/auth/get-session"));
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.authSession, queryFn: getSession, staleTime: 0 });
export const useAuthSession = () => useQuery(sessionQueryOptions());

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiFetch("/api/auth/change-password", { method: "POST", json: { ...input, revokeOtherSessions: true } }),
  });

export type EnableTwoFactorAnswer = EnableTwoFactorResult;

export const useEnableTwoFactor = () =>
  useMutation({
    mutationFn: async (password: string) =>
      enableTwoFactorResultSchema.parse(
        await apiFetch("/api/auth/two-factor/enable", { method: "POST", json: { password } }),
      ),
  });

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiFetch("/api/auth/two-factor/verify-totp", { method: "POST", json: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.authSession }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiFetch("/api/auth/two-factor/disable", { method: "POST", json: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.authSession }),
  });
}
