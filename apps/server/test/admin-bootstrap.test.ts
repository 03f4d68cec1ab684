import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { roles, userProfiles, userRoles, users } from "../src/db/schema.ts";
import { ensureAdmin } from "../src/services/admins.ts";
import { createTestApp, registerUser, signIn, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rolesOf = async (userId: string) =>
  (
    await t.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
  ).map((r) => r.name);

describe("the first platform admin (ADMIN_EMAIL / create-admin)", () => {
  it("creates an approved admin who lands on /admin", async () => {
    const { userId, created } = await ensureAdmin(t.db, t.app.auth, "Boss@Example.org", "first-pass");
    expect(created).toBe(true);
    expect(await rolesOf(userId)).toEqual(["admin"]);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
    expect(profile!.onboardingStatus).toBe("approved");
    const cookie = await signIn(t, "boss@example.org", "first-pass");
    expect((await t.request("GET", "/api/me", { cookie })).json()).toMatchObject({
      roles: ["admin"],
      dashboard: "/admin",
    });
  });

  it("is idempotent and updates a changed password", async () => {
    const again = await ensureAdmin(t.db, t.app.auth, "boss@example.org", "second-pass");
    expect(again.created).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.email, "boss@example.org"))).toHaveLength(1);
    expect(await rolesOf(again.userId)).toEqual(["admin"]);
    const bad = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: "boss@example.org", password: "first-pass" },
    });
    expect(bad.statusCode).toBe(401);
    await signIn(t, "boss@example.org", "second-pass");
  });

  it("promotes an existing account, replacing its role", async () => {
    const { email, password, userId } = await registerUser(t);
    const officer = (await t.db.select().from(roles).where(eq(roles.name, "org_officer")))[0]!;
    await t.db.insert(userRoles).values({ userId, roleId: officer.id });
    await ensureAdmin(t.db, t.app.auth, email, password);
    expect(await rolesOf(userId)).toEqual(["admin"]);
  });
});
