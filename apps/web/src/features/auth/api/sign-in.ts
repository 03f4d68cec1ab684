import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

export const signIn = (input: SignInInput) => apiFetch("/api/auth/sign-in/email", { method: "POST", json: input });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Awaited so /dashboard reads the new session rather than a cached "signed out".
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: "all" }),
  });
}
