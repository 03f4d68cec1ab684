import { RequirePermission } from "@/features/auth/components/require-permission";
import { AdminDashboard } from "@/features/admin/components/admin-dashboard";
import { ADMIN_ACCESS_DENIED_MESSAGE } from "@/lib/messages";

export function AdminDashboardRoute() {
  return (
    <RequirePermission permission="viewAdminDashboard" deniedMessage={ADMIN_ACCESS_DENIED_MESSAGE}>
      <AdminDashboard />
    </RequirePermission>
  );
}
