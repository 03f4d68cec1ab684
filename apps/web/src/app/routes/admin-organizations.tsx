import { RequirePermission } from "@/features/auth/components/require-permission";
import { OrganizationManagement } from "@/features/admin/components/organization-management";

export function AdminOrganizationsRoute() {
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
