import { useSearchParams } from "react-router";
import { MANAGE_USERS_ACCESS_DENIED } from "@cultivate/shared";
import { RequireRole } from "@/features/auth/components/require-role";
import { UserManagement } from "@/features/admin/components/user-management";

export function AdminUsersRoute() {
  const [params] = useSearchParams();
  const organizationId = params.get("organizationId");
  return (
    <RequireRole roles={["admin", "org_owner"]} deniedMessage={MANAGE_USERS_ACCESS_DENIED}>
      <UserManagement organizationId={organizationId} />
    </RequireRole>
  );
}
