import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireAuth } from "@/features/auth/components/require-auth";

export function AdminUsersRoute() {
  return (
    <RequireAuth>
      <ComingSoon title="User Management" />
    </RequireAuth>
  );
}
