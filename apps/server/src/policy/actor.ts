import { eq, sql } from "drizzle-orm";
import type { OnboardingStatus, RoleName } from "@cultivate/shared";
import { ROLE_NAMES } from "@cultivate/shared";
import type { Db } from "../db/client.ts";
import { prepared } from "../db/prepared.ts";
import { organizations, roles, sessions, userProfiles, userRoles, users } from "../db/schema.ts";

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

/** What an Actor is built from: the user's email, profile, organisation and role, one row per role. */
const actorColumns = {
  userId: users.id,
  email: users.email,
  organizationId: userProfiles.organizationId,
  organizationName: organizations.name,
  onboardingStatus: userProfiles.onboardingStatus,
  role: roles.name,
};
type ActorRow = { [K in keyof typeof actorColumns]: (typeof actorColumns)[K]["_"]["data"] | null };

const known = new Set<string>(ROLE_NAMES);
function actorOf(rows: ActorRow[], sessionId: string): Actor | null {
  const first = rows[0];
  if (!first) return null;
  return {
    userId: first.userId!,
    email: first.email!,
    sessionId,
    roles: rows.map((r) => r.role).filter((r): r is RoleName => r !== null && known.has(r)),
    organizationId: first.organizationId ?? null,
    organizationName: first.organizationName ?? null,
    onboardingStatus: first.onboardingStatus ?? "pending",
  };
}

export async function loadActor(db: Db, userId: string, sessionId: string): Promise<Actor | null> {
  const rows = await db
    .select(actorColumns)
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .leftJoin(organizations, eq(organizations.id, userProfiles.organizationId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, userId));
  return actorOf(rows, sessionId);
}

export type SessionTimes = { id: string; expiresAt: Date; lastActiveAt: Date | null; createdAt: Date };

/**
 * The session with this token and its user's Actor, in one statement (one round trip per request;
 * docs/decisions/044-request-cost.md).
 */
const sessionActorQuery = prepared((db) =>
  db
    .select({
      ...actorColumns,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastActiveAt: sessions.lastActiveAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .leftJoin(organizations, eq(organizations.id, userProfiles.organizationId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("cultivate_session_actor"),
);

export async function loadSessionActor(db: Db, token: string): Promise<{ session: SessionTimes; actor: Actor } | null> {
  const rows = await sessionActorQuery(db).execute({ token });
  const first = rows[0];
  if (!first) return null;
  const session = {
    id: first.sessionId,
    expiresAt: first.expiresAt,
    lastActiveAt: first.lastActiveAt,
    createdAt: first.createdAt,
  };
  return { session, actor: actorOf(rows, session.id)! };
}
