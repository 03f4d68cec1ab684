import { RequireRole } from "@/features/auth/components/require-role";
import { OwnerDashboard } from "@/features/dashboards/components/owner-dashboard";

export function OrgOwnerDashboardRoute() {
  return (
    <RequireRole roles={["org_owner"]} deniedTitle="Access Denied" deniedMessage="You don't have permission to view the organization owner dashboard.">
      <OwnerDashboard />
    </RequireRole>
  );
}
