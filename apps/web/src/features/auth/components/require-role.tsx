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
 * A page of organisation data. Issue 11: an account that is not approved sees the approval wait
 * (or the onboarding form it has not sent yet), whatever roles it holds; the server refuses it too.
 */
export function RequireRole({ roles, deniedMessage, deniedTitle, children }: RequireRoleProps) {
  return (
    <RequireAuth>
      {(me) =>
        !isApproved(me) ? (
          <Navigate to={dashboardTarget(me)} replace />
        ) : hasAnyRole(me.roles, roles) ? (
          children
        ) : (
          <AccessDenied message={deniedMessage} title={deniedTitle} />
        )
      }
    </RequireAuth>
  );
}
