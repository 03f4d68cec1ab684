import { and, eq, inArray } from "drizzle-orm";
import { RELATIONSHIP_MANAGER_ROLES } from "@cultivate/shared";
import type { DbOrTx } from "../../../db/client.ts";
import { roles, userProfiles, userRoles, users } from "../../../db/schema.ts";

/**
 * The import's Relationship Manager column (docs/RULES.md, Portfolios): who it may name, by email in lower
 * case → user id. The approved officers, managers and owners of the organisation, as
 * eligibleRelationshipManager (packages/shared policy) says; read once per import run.
 */
export async function relationshipManagersByEmail(db: DbOrTx, organizationId: string): Promise<Record<string, string>> {
  const rows = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userProfiles.organizationId, organizationId),
        eq(userProfiles.onboardingStatus, "approved"),
        inArray(roles.name, [...RELATIONSHIP_MANAGER_ROLES]),
      ),
    );
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const r of rows) out[r.email.toLowerCase()] = r.id;
  return out;
}
