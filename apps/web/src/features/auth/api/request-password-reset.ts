import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

export const requestPasswordReset = (email: string) =>
  apiFetch("/api/auth/request-password-reset", {
    method: "POST",
    json: { email, redirectTo: "/reset-password" },
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
