import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** better-auth's session answer; only the two-factor flag is read here. */
type SessionAnswer = { user: { email: string; twoFactorEnabled?: boolean | null } } | null;

const sessionKey = ["auth-session"] as const;

export const getSession = () => apiFetch<SessionAnswer>("/api/auth/get-session");
export const sessionQueryOptions = () => queryOptions({ queryKey: sessionKey, queryFn: getSession, staleTime: 0 });
export const useAuthSession = () => useQuery(sessionQueryOptions());

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiFetch<unknown>("/api/auth/change-password", { method: "POST", json: { ...input, revokeOtherSessions: true } }),
  });

export type EnableTwoFactorAnswer = { totpURI: string; backupCodes: string[] };

export const useEnableTwoFactor = () =>
  useMutation({
    mutationFn: (password: string) =>
      apiFetch<EnableTwoFactorAnswer>("/api/auth/two-factor/enable", { method: "POST", json: { password } }),
  });

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiFetch<unknown>("/api/auth/two-factor/verify-totp", { method: "POST", json: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiFetch<unknown>("/api/auth/two-factor/disable", { method: "POST", json: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}
