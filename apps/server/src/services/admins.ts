import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { roles, userProfiles, userRoles, users } from "../db/schema.ts";
import type { Auth } from "../auth/auth.ts";

/** Email addresses of the platform admins (for application notifications). */
export async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.name, "admin"));
  return rows.map((r) => r.email);
}

/**
 * Makes sure a platform admin with this email and password exists: creates the account
 * if needed, updates the password if it changed, and leaves exactly the admin role with
 * onboarding status approved. Safe to run at every start.
 */
export async function ensureAdmin(
  db: Db,
  auth: Auth,
  email: string,
  password: string,
): Promise<{ userId: string; created: boolean }> {
  const ctx = await auth.$context;
  const normalized = email.trim().toLowerCase();
  let created = false;
  let user = await ctx.internalAdapter.findUserByEmail(normalized, { includeAccounts: true });
  if (!user) {
    const newUser = await ctx.internalAdapter.createUser(
      { email: normalized, name: normalized, emailVerified: true },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: newUser.id,
      providerId: "credential",
      accountId: newUser.id,
      password: await ctx.password.hash(password),
    });
    created = true;
    user = await ctx.internalAdapter.findUserByEmail(normalized, { includeAccounts: true });
  }
  if (!user) throw new Error(`could not create admin ${normalized}`);
  const userId = user.user.id;
  const credential = user.accounts.find((a) => a.providerId === "credential");
  if (!credential) {
    await ctx.internalAdapter.linkAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: await ctx.password.hash(password),
    });
  } else if (!credential.password || !(await ctx.password.verify({ hash: credential.password, password }))) {
    await ctx.internalAdapter.updatePassword(userId, await ctx.password.hash(password));
  }

  await db.transaction(async (tx) => {
    await tx
      .insert(userProfiles)
      .values({ id: userId, onboardingStatus: "approved" })
      .onConflictDoUpdate({ target: userProfiles.id, set: { onboardingStatus: "approved", updatedAt: new Date() } });
    const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "admin"));
    // One role per user: the admin role replaces whatever was there.
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values({ userId, roleId: admin!.id });
  });
  return { userId, created };
}
