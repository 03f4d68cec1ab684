import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { usePageTitle } from "@/lib/page-title";

export function ResetPasswordRoute() {
  usePageTitle("Reset Password");
  return <ResetPasswordForm />;
}
