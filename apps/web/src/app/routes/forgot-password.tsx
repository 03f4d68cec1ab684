import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { usePageTitle } from "@/lib/page-title";

export function ForgotPasswordRoute() {
  usePageTitle("Forgot Password");
  return <ForgotPasswordForm />;
}
