import { RequirePermission } from "@/features/auth/components/require-permission";
import { OwnerDashboard } from "@/features/dashboards/components/owner-dashboard";
import { usePageTitle } from "@/lib/page-title";

export function OrgOwnerDashboardRoute() {
  usePageTitle("Owner Dashboard");
  return (
    <RequirePermission
      permission="viewOwnerDashboard"
      deniedTitle="Access Denied"
      deniedMessage="You don't have permission to view the organization owner dashboard."
    >
      <OwnerDashboard />
    </RequirePermission>
  );
}
