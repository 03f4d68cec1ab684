import { eq } from "drizzle-orm";
import type { OnboardingStatus, RoleName } from "@cultivate/shared";
import { ROLE_NAMES } from "@cultivate/shared";
import type { Db } from "../db/client.ts";
import { organizations, roles, userProfiles, userRoles, users } from "../db/schema.ts";

/** Who is making a request: everything the policy module needs, loaded once per request. */
export type Actor = {
  userId: string;
  email: string;
  sessionId: string;
  roles: RoleName[];
  organizationId: string | null;
  organizationName: string | null;
  onboardingStatus: OnboardingStatus;
};

export async function loadActor(db: Db, userId: string, sessionId: string): Promise<Actor | null> {
  const rows = await db
    .select({
      email: users.email,
      organizationId: userProfiles.organizationId,
      organizationName: organizations.name,
      onboardingStatus: userProfiles.onboardingStatus,
      role: roles.name,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .leftJoin(organizations, eq(organizations.id, userProfiles.organizationId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, userId));
  const first = rows[0];
  if (!first) return null;
  const known = new Set<string>(ROLE_NAMES);
  return {
    userId,
    email: first.email,
    sessionId,
    roles: rows.map((r) => r.role).filter((r): r is RoleName => r !== null && known.has(r)),
    organizationId: first.organizationId ?? null,
    organizationName: first.organizationName ?? null,
    onboardingStatus: first.onboardingStatus ?? "pending",
  };
}
