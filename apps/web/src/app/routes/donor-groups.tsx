import { DONOR_ROLES } from "@cultivate/shared";
import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireRole } from "@/features/auth/components/require-role";
import { DONOR_LIST_ACCESS_DENIED_MESSAGE } from "@/lib/messages";

/** Serves both /donor-groups and /saved-donor-groups (the same screen per part 2). */
export function DonorGroupsRoute() {
  return (
    <RequireRole roles={DONOR_ROLES} deniedTitle="Access Denied" deniedMessage={DONOR_LIST_ACCESS_DENIED_MESSAGE}>
      <ComingSoon title="Donor Groups" />
    </RequireRole>
  );
}
