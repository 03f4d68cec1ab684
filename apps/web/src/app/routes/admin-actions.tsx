import { RequirePermission } from "@/features/auth/components/require-permission";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { ActionHistory } from "@/features/activity/components/action-history";
import { ACTION_HISTORY_ACCESS_DENIED_MESSAGE } from "@cultivate/shared";
import { usePageTitle } from "@/lib/page-title";

export function AdminActionsRoute() {
  usePageTitle("Action History");
  return (
    <RequirePermission permission="viewActionHistory" deniedMessage={ACTION_HISTORY_ACCESS_DENIED_MESSAGE}>
      <RequireAuth>{(me) => <ActionHistory me={me} />}</RequireAuth>
    </RequirePermission>
  );
}
