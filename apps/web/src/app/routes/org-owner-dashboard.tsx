import { RequirePermission } from "@/features/auth/components/require-permission";
import { OwnerDashboard } from "@/features/dashboards/components/owner-dashboard";
import { NoContactSettingCard } from "@/features/today/components/no-contact-setting";
import { usePageTitle } from "@/lib/page-title";

export function OrgOwnerDashboardRoute() {
  usePageTitle("Owner Dashboard");
  return (
    <RequirePermission
      permission="viewOwnerDashboard"
      deniedTitle="Access Denied"
      deniedMessage="You don't have permission to view the organization owner dashboard."
    >
      {/* Issue 15: the organisation's "no contact after N days" for everyone's Today. */}
      <OwnerDashboard settings={<NoContactSettingCard />} />
    </RequirePermission>
  );
}
