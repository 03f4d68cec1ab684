import { useSearchParams } from "react-router";
import { MANAGE_USERS_ACCESS_DENIED } from "@cultivate/shared";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { UserManagement } from "@/features/admin/components/user-management";
import { usePageTitle } from "@/lib/page-title";

export function AdminUsersRoute() {
  usePageTitle("User Management");
  const [params] = useSearchParams();
  const organizationId = params.get("organizationId");
  return (
    <RequirePermission permission="manageUsers" deniedMessage={MANAGE_USERS_ACCESS_DENIED}>
      <UserManagement organizationId={organizationId} />
    </RequirePermission>
  );
}
