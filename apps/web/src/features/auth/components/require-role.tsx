import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { dashboardTarget, hasAnyRole, isApproved, type RoleName } from "@cultivate/shared";
import { AccessDenied } from "@/components/ui/access-denied";
import { RequireAuth } from "./require-auth";

interface RequireRoleProps {
  roles: readonly RoleName[];
  /** Shown to signed-in users without one of the roles. */
  deniedMessage: string;
  deniedTitle?: string;
  children: ReactNode;
}

/**
 * A page for some roles. Without one of them: Access Denied, as the spec says. Issue 11: with one
 * but not approved yet (an applicant carries org_officer from onboarding), the approval wait (or the
 * onboarding form it has not sent yet) instead of the page; the server refuses its data too.
 */
export function RequireRole({ roles, deniedMessage, deniedTitle, children }: RequireRoleProps) {
  return (
    <RequireAuth>
      {(me) =>
        !hasAnyRole(me.roles, roles) ? (
          <AccessDenied message={deniedMessage} title={deniedTitle} />
        ) : isApproved(me) ? (
          children
        ) : (
          <Navigate to={dashboardTarget(me)} replace />
        )
      }
    </RequireAuth>
  );
}
