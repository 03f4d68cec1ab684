import { DONOR_ROLES } from "@cultivate/shared";
import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireRole } from "@/features/auth/components/require-role";
import { DONOR_LIST_ACCESS_DENIED_MESSAGE } from "@/lib/messages";

export function DonorsRoute() {
  return (
    <RequireRole roles={DONOR_ROLES} deniedTitle="Access Denied" deniedMessage={DONOR_LIST_ACCESS_DENIED_MESSAGE}>
      <ComingSoon title="Donors" />
    </RequireRole>
  );
}
