import { Navigate } from "react-router";
import { dashboardTarget } from "@cultivate/shared";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { usePageTitle } from "@/lib/page-title";

/** /dashboard only redirects, in the order of docs/RULES.md, Onboarding and approval. */
export function DashboardRoute() {
  usePageTitle("Dashboard");
  return <RequireAuth>{(me) => <Navigate to={me.dashboard || dashboardTarget(me)} replace />}</RequireAuth>;
}
