import { RequirePermission } from "@/features/auth/components/require-permission";
import { OrganizationManagement } from "@/features/admin/components/organization-management";
import { usePageTitle } from "@/lib/page-title";

export function AdminOrganizationsRoute() {
  usePageTitle("Organization Management");
  return (
    <RequirePermission
      permission="manageOrganizations"
      deniedMessage="You don't have permission to manage organizations."
      deniedTitle="Access Denied"
    >
      <OrganizationManagement />
    </RequirePermission>
  );
}
