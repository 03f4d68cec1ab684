import { RegisterForm } from "@/features/auth/components/register-form";
import { usePageTitle } from "@/lib/page-title";

export function RegisterRoute() {
  usePageTitle("Create Account");
  return <RegisterForm />;
}
