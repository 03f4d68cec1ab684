import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ISSUE_NOT_LOGGED_IN_MESSAGE, ISSUE_REDIRECT_MS } from "@cultivate/shared";
import { RequireSignedIn } from "@/features/support/components/require-signed-in";
import { SubmitIssueForm } from "@/features/support/components/submit-issue-form";
import { usePageTitle } from "@/lib/page-title";

export function SupportSubmitRoute() {
  usePageTitle("Submit an Issue");
  const navigate = useNavigate();
  const [submitted, setSubmitted] = useState(false);

  // docs/RULES.md, Support issues: back to /support 2 seconds after a successful submit.
  useEffect(() => {
    if (!submitted) return;
    const timer = window.setTimeout(() => void navigate("/support"), ISSUE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [submitted, navigate]);

  return (
    <RequireSignedIn message={ISSUE_NOT_LOGGED_IN_MESSAGE}>
      {(me) => <SubmitIssueForm me={me} onSubmitted={() => setSubmitted(true)} />}
    </RequireSignedIn>
  );
}
