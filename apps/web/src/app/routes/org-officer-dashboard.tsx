import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireAuth } from "@/features/auth/components/require-auth";

export function OrgOfficerDashboardRoute() {
  return (
    <RequireAuth>
      <ComingSoon title="Organization Officer Dashboard" />
    </RequireAuth>
  );
}
