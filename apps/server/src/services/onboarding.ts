import { eq, sql } from "drizzle-orm";
import type { OnboardingData } from "@cultivate/shared";
import type { Db, DbOrTx } from "../db/client.ts";
import { onboardingForms, organizations, roles, userProfiles, userRoles } from "../db/schema.ts";

/** Finds an organisation by name, case-insensitively, or creates it (race-safe via the unique index). */
export async function findOrCreateOrganization(db: DbOrTx, rawName: string) {
  const name = rawName.trim();
  const existing = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(sql`lower(${organizations.name}) = lower(${name})`);
  if (existing[0]) return existing[0];
  await db.insert(organizations).values({ name }).onConflictDoNothing();
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(sql`lower(${organizations.name}) = lower(${name})`);
  return row!;
}

/**
 * Part 1 §5: store the form, link the profile to the (reused or new) organisation,
 * mark the profile submitted and give the user the org_officer role, all or nothing.
 */
export async function submitOnboarding(db: Db, userId: string, form: OnboardingData) {
  return db.transaction(async (tx) => {
    const organization = await findOrCreateOrganization(tx, form.organizationName);
    await tx.insert(onboardingForms).values({ userId, ...form, organizationName: form.organizationName });
    await tx
      .insert(userProfiles)
      .values({ id: userId, organizationId: organization.id, onboardingStatus: "submitted" })
      .onConflictDoUpdate({
        target: userProfiles.id,
        set: { organizationId: organization.id, onboardingStatus: "submitted", updatedAt: new Date() },
      });
    const [officer] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "org_officer"));
    if (officer) {
      await tx.insert(userRoles).values({ userId, roleId: officer.id }).onConflictDoNothing();
    }
    return organization;
  });
}
