import { useParams } from "react-router";
import { SUPPORT_LOGIN_REQUIRED_MESSAGE } from "@cultivate/shared";
import { IssueDetail } from "@/features/support/components/issue-detail";
import { RequireSignedIn } from "@/features/support/components/require-signed-in";
import { usePageTitle } from "@/lib/page-title";

export function SupportIssueRoute() {
  usePageTitle("Support Issue");
  const { id = "" } = useParams();
  // Keyed by id so moving between issues resets the edit state.
  return (
    <RequireSignedIn message={SUPPORT_LOGIN_REQUIRED_MESSAGE}>{() => <IssueDetail key={id} id={id} />}</RequireSignedIn>
  );
}
