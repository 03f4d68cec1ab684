import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireAuth } from "@/features/auth/components/require-auth";

export function OrgOwnerDashboardRoute() {
  return (
    <RequireAuth>
      <ComingSoon title="Organization Owner Dashboard" />
    </RequireAuth>
  );
}
