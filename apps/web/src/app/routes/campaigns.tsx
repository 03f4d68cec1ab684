import { useRef } from "react";
import { Navigate } from "react-router";
import { useIsMutating } from "@tanstack/react-query";
import { CAMPAIGN_MESSAGES, dashboardTarget, noRoleNextStep } from "@cultivate/shared";
import { AccessDenied } from "@/components/ui/access-denied";
import { useMe } from "@/features/auth/api/get-me";
import { SIGN_OUT_MUTATION_KEY } from "@/features/auth/api/sign-out";
import { can, canOnceApproved, hasNoRole } from "@/lib/permissions";
import { CampaignManagement, CampaignManagementSkeleton } from "@/features/campaigns/components/campaign-management";
import { usePageTitle } from "@/lib/page-title";

/**
 * /admin/campaigns and /campaigns: all four roles (docs/RULES.md, Campaigns); officers see only their own campaigns.
 * Not RequireAuth: the spec wants the page's skeleton, not a spinner, while roles load.
 */
export function CampaignsRoute() {
  usePageTitle("Campaigns");
  const { data: me, isPending, isFetching, isError } = useMe();
  // As in RequireAuth: signing out here navigates home; don't race it with a redirect to /login.
  const signedOutHere = useRef(false);
  if (useIsMutating({ mutationKey: SIGN_OUT_MUTATION_KEY }) > 0) signedOutHere.current = true;

  if (isPending || (me === null && isFetching)) return <CampaignManagementSkeleton />;
  if (isError) return <AccessDenied message="Failed to load user organization information" />;
  if (!me) return signedOutHere.current ? <CampaignManagementSkeleton /> : <Navigate to="/login" replace />;
  if (!canOnceApproved(me, "manageCampaigns"))
    return (
      <AccessDenied
        title="Access Denied"
        message={CAMPAIGN_MESSAGES.accessDenied}
        nextStep={hasNoRole(me) ? noRoleNextStep(me.organization?.name ?? null, me.accessContacts) : undefined}
      />
    );
  // Issue 11: a role but not approved yet → the approval wait instead of the page.
  if (!can(me, "manageCampaigns")) return <Navigate to={dashboardTarget(me)} replace />;
  return <CampaignManagement me={me} />;
}
