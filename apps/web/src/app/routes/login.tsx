import { LoginForm } from "@/features/auth/components/login-form";

export function LoginRoute() {
  return <LoginForm />;
}
