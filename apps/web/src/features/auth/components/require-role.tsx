import type { ReactNode } from "react";
import { hasAnyRole, type RoleName } from "@cultivate/shared";
import { AccessDenied } from "@/components/ui/access-denied";
import { RequireAuth } from "./require-auth";

interface RequireRoleProps {
  roles: readonly RoleName[];
  /** Shown to signed-in users without one of the roles. */
  deniedMessage: string;
  deniedTitle?: string;
  children: ReactNode;
}

export function RequireRole({ roles, deniedMessage, deniedTitle, children }: RequireRoleProps) {
  return (
    <RequireAuth>
      {(me) =>
        hasAnyRole(me.roles, roles) ? children : <AccessDenied message={deniedMessage} title={deniedTitle} />
      }
    </RequireAuth>
  );
}
