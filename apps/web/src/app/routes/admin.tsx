import { RequireRole } from "@/features/auth/components/require-role";
import { AdminDashboard } from "@/features/admin/components/admin-dashboard";
import { ADMIN_ACCESS_DENIED_MESSAGE } from "@/lib/messages";

export function AdminDashboardRoute() {
  return (
    <RequireRole roles={["admin"]} deniedMessage={ADMIN_ACCESS_DENIED_MESSAGE}>
      <AdminDashboard />
    </RequireRole>
  );
}
