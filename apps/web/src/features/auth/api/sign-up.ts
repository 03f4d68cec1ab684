import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export interface SignUpInput {
  email: string;
  password: string;
}

// better-auth requires a name; the product has none at sign-up, so the email stands in.
export const signUp = ({ email, password }: SignUpInput) =>
  apiFetch("/api/auth/sign-up/email", { method: "POST", json: { email, password, name: email } });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: "all" }),
  });
}
