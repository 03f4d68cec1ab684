import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireAuth } from "@/features/auth/components/require-auth";

export function SupportRoute() {
  return (
    <RequireAuth>
      <ComingSoon title="Support" />
    </RequireAuth>
  );
}
