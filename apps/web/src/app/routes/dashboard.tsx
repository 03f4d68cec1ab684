import { Navigate, useSearchParams } from "react-router";
import { dashboardTarget, homeTarget } from "@cultivate/shared";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { usePageTitle } from "@/lib/page-title";

/**
 * /dashboard only redirects, in the order of docs/RULES.md, Onboarding and approval. Right after
 * sign-in (`?from=sign-in`) officers and managers go to /today instead (issue 15, The officer's day).
 */
export function DashboardRoute() {
  usePageTitle("Dashboard");
  const [params] = useSearchParams();
  const afterSignIn = params.get("from") === "sign-in";
  return (
    <RequireAuth>
      {(me) => <Navigate to={afterSignIn ? homeTarget(me) : me.dashboard || dashboardTarget(me)} replace />}
    </RequireAuth>
  );
}
