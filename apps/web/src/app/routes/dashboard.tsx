import { Navigate } from "react-router";
import { dashboardTarget } from "@cultivate/shared";
import { RequireAuth } from "@/features/auth/components/require-auth";

/** /dashboard only redirects, in the order of part 2 "Post-login redirect". */
export function DashboardRoute() {
  return (
    <RequireAuth>
      {(me) => <Navigate to={me.dashboard || dashboardTarget(me)} replace />}
    </RequireAuth>
  );
}
