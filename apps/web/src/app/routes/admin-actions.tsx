import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireAuth } from "@/features/auth/components/require-auth";

export function AdminActionsRoute() {
  return (
    <RequireAuth>
      <ComingSoon title="Action History" />
    </RequireAuth>
  );
}
