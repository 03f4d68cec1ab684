import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireAuth } from "@/features/auth/components/require-auth";

export function CampaignsRoute() {
  return (
    <RequireAuth>
      <ComingSoon title="Campaign Management" />
    </RequireAuth>
  );
}
