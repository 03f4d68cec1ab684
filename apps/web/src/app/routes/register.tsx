import { RegisterForm } from "@/features/auth/components/register-form";

export function RegisterRoute() {
  return <RegisterForm />;
}
