import { RequirePermission } from "@/features/auth/components/require-permission";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { ActionHistory } from "@/features/activity/components/action-history";

export const ACTION_HISTORY_ACCESS_DENIED_MESSAGE =
  "Access Denied: You don't have permission to view the action history.";

export function AdminActionsRoute() {
  return (
    <RequirePermission permission="viewActionHistory" deniedMessage={ACTION_HISTORY_ACCESS_DENIED_MESSAGE}>
      <RequireAuth>{(me) => <ActionHistory me={me} />}</RequireAuth>
    </RequirePermission>
  );
}
