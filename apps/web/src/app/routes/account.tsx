import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireAuth } from "@/features/auth/components/require-auth";

export function AccountRoute() {
  return (
    <RequireAuth>
      <ComingSoon title="Account" />
    </RequireAuth>
  );
}
