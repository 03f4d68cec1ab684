import { RequireRole } from "@/features/auth/components/require-role";
import { OrganizationManagement } from "@/features/admin/components/organization-management";

export function AdminOrganizationsRoute() {
  return (
    <RequireRole roles={["admin"]} deniedMessage="You don't have permission to manage organizations." deniedTitle="Access Denied">
      <OrganizationManagement />
    </RequireRole>
  );
}
