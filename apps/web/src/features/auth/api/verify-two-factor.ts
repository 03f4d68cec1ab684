import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Second sign-in step after better-auth answered `{ twoFactorRedirect: true }`. */
export const verifyTwoFactor = ({ code, backup }: { code: string; backup: boolean }) =>
  apiFetch(backup ? "/api/auth/two-factor/verify-backup-code" : "/api/auth/two-factor/verify-totp", {
    method: "POST",
    json: { code: code.trim() },
  });

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: "all" }),
  });
}

/** better-auth's sign-in answer when the account has two-factor on. */
export const needsSecondFactor = (answer: unknown): boolean =>
  typeof answer === "object" &&
  answer !== null &&
  (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true;
