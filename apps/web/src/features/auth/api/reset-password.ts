import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

export const resetPassword = (input: ResetPasswordInput) =>
  apiFetch("/api/auth/reset-password", { method: "POST", json: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
