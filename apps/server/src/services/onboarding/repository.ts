import { and, eq, ne, sql } from "drizzle-orm";
import type { OnboardingData } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { adminEmails } from "../admins.ts";
import { onboardingForms, organizations, roles, userProfiles, userRoles, users } from "../../db/schema.ts";

/** Finds an organisation by name, case-insensitively, or creates it (race-safe via the unique index). */
async function findOrCreateOrganization(db: DbOrTx, rawName: string) {
  const name = rawName.trim();
  const byName = () =>
    db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(sql`lower(${organizations.name}) = lower(${name})`);
  const [existing] = await byName();
  if (existing) return { ...existing, created: false };
  const inserted = await db
    .insert(organizations)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: organizations.id });
  const [row] = await byName();
  return { ...row!, created: inserted.length > 0 };
}

/**
 * How the applicant relates to the organisation: `new` (the form created it), `join` (the form
 * named an existing organisation: a request to its owners), `member` (the account already belonged
 * to an organisation, e.g. created by an owner; onboarding never moves it, whatever the form names).
 */
export type OnboardingKind = "new" | "join" | "member";

/**
 * docs/RULES.md, Onboarding and approval: store the form, mark the profile submitted and link it to the
 * organisation, all or nothing. The account stays out of the organisation's data until an owner or an
 * admin approves it (the policy gate). A user without a role gets org_officer, effective on approval;
 * a role given earlier (by an owner) is kept, so a user still holds one role.
 */
async function submitOnboarding(db: Db, userId: string, form: OnboardingData) {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ organizationId: userProfiles.organizationId, name: organizations.name })
      .from(userProfiles)
      .leftJoin(organizations, eq(organizations.id, userProfiles.organizationId))
      .where(eq(userProfiles.id, userId));
    let organization: { id: string; name: string };
    let kind: OnboardingKind;
    if (profile?.organizationId && profile.name !== null) {
      organization = { id: profile.organizationId, name: profile.name };
      kind = "member";
    } else {
      const found = await findOrCreateOrganization(tx, form.organizationName);
      organization = { id: found.id, name: found.name };
      kind = found.created ? "new" : "join";
    }
    await tx.insert(onboardingForms).values({ userId, ...form, organizationName: form.organizationName });
    await tx
      .insert(userProfiles)
      .values({ id: userId, organizationId: organization.id, onboardingStatus: "submitted" })
      .onConflictDoUpdate({
        target: userProfiles.id,
        set: { organizationId: organization.id, onboardingStatus: "submitted", updatedAt: new Date() },
      });
    const held = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
    if (held.length === 0) {
      const [officer] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "org_officer"));
      if (officer) await tx.insert(userRoles).values({ userId, roleId: officer.id }).onConflictDoNothing();
    }
    return { organization, kind };
  });
}

/** Email addresses of an organisation's approved owners (who decide on applicants), except `exceptUserId`. */
async function ownerEmails(db: DbOrTx, organizationId: string, exceptUserId?: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(roles.name, "org_owner"),
        eq(userProfiles.organizationId, organizationId),
        eq(userProfiles.onboardingStatus, "approved"),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  return [...new Set(rows.map((r) => r.email))];
}

/**
 * Onboarding: the applicant's form, profile and first role, written together, and who hears of an
 * application. The account's own id names the rows; the organisation is the one the form found or created
 * (or the one the account already belonged to).
 */
export function onboardingRepository(db: Db) {
  return {
    submit: (userId: string, form: OnboardingData) => submitOnboarding(db, userId, form),
    ownerEmails: (organizationId: string, exceptUserId?: string, tx: DbOrTx = db) =>
      ownerEmails(tx, organizationId, exceptUserId),
    /** The platform admins' addresses (services/admins.ts, also used at start-up and by the CLI). */
    adminEmails: () => adminEmails(db),
  };
}
