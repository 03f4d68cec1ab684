import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireRole } from "@/features/auth/components/require-role";
import { ADMIN_ACCESS_DENIED_MESSAGE } from "@/lib/messages";

export function AdminDashboardRoute() {
  return (
    <RequireRole roles={["admin"]} deniedMessage={ADMIN_ACCESS_DENIED_MESSAGE}>
      <ComingSoon title="Admin Dashboard" />
    </RequireRole>
  );
}
