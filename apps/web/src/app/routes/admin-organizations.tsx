import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireAuth } from "@/features/auth/components/require-auth";

export function AdminOrganizationsRoute() {
  return (
    <RequireAuth>
      <ComingSoon title="Organization Management" />
    </RequireAuth>
  );
}
