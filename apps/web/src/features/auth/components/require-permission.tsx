import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { dashboardTarget, isApproved, noRoleNextStep } from "@cultivate/shared";
import { AccessDenied } from "@/components/ui/access-denied";
import { can, canOnceApproved, hasNoRole, type ActorPermission } from "@/lib/permissions";
import { RequireAuth } from "./require-auth";

interface RequirePermissionProps {
  /** The permission of /api/me the page needs. */
  permission: ActorPermission;
  /** Shown to signed-in users without it. */
  deniedMessage: string;
  deniedTitle?: string;
  children: ReactNode;
}

/**
 * A page for those the policy allows. Without the permission: Access Denied, as the spec says. Issue 11:
 * with roles that allow it but not approved yet (an applicant carries org_officer from onboarding), the
 * approval wait (or the onboarding form it has not sent yet) instead of the page; the server refuses its data too.
 */
export function RequirePermission({ permission, deniedMessage, deniedTitle, children }: RequirePermissionProps) {
  return (
    <RequireAuth>
      {(me) =>
        can(me, permission) ? (
          children
        ) : isApproved(me) || !canOnceApproved(me, permission) ? (
          <AccessDenied
            message={deniedMessage}
            title={deniedTitle}
            nextStep={hasNoRole(me) ? noRoleNextStep(me.organization?.name ?? null, me.accessContacts) : undefined}
          />
        ) : (
          <Navigate to={dashboardTarget(me)} replace />
        )
      }
    </RequireAuth>
  );
}
