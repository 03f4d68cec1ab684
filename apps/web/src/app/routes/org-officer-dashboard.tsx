import { RequireRole } from "@/features/auth/components/require-role";
import { OfficerDashboard } from "@/features/dashboards/components/officer-dashboard";

export function OrgOfficerDashboardRoute() {
  return (
    <RequireRole roles={["org_officer"]} deniedTitle="Access Denied" deniedMessage="You don't have permission to view the organization officer dashboard.">
      <OfficerDashboard />
    </RequireRole>
  );
}
