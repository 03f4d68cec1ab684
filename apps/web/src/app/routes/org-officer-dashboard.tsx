import { RequirePermission } from "@/features/auth/components/require-permission";
import { OfficerDashboard } from "@/features/dashboards/components/officer-dashboard";
import { usePageTitle } from "@/lib/page-title";

export function OrgOfficerDashboardRoute() {
  usePageTitle("Officer Dashboard");
  return (
    <RequirePermission
      permission="viewOfficerDashboard"
      deniedTitle="Access Denied"
      deniedMessage="You don't have permission to view the organization officer dashboard."
    >
      <OfficerDashboard />
    </RequirePermission>
  );
}
