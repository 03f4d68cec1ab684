import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";

export function ResetPasswordRoute() {
  return <ResetPasswordForm />;
}
