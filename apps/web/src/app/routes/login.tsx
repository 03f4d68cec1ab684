import { LoginForm } from "@/features/auth/components/login-form";
import { usePageTitle } from "@/lib/page-title";

export function LoginRoute() {
  usePageTitle("Sign In");
  return <LoginForm />;
}
