import { SUPPORT_LOGIN_REQUIRED_MESSAGE } from "@cultivate/shared";
import { RequireSignedIn } from "@/features/support/components/require-signed-in";
import { SupportDashboard } from "@/features/support/components/support-dashboard";
import { usePageTitle } from "@/lib/page-title";

export function SupportRoute() {
  usePageTitle("Support");
  return <RequireSignedIn message={SUPPORT_LOGIN_REQUIRED_MESSAGE}>{() => <SupportDashboard />}</RequireSignedIn>;
}
