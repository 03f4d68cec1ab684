import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox, onboardingForms, organizations, userProfiles, userRoles, users } from "../src/db/schema.ts";
import {
  buildOrg,
  buildUser,
  createTestApp,
  registerUser,
  signIn,
  uniqueEmail,
  validOnboarding,
  type TestApp,
} from "./helpers.ts";
import { startSmtpTestServer, type SmtpTestServer } from "./smtp-test-server.ts";

let smtp: SmtpTestServer;
let t: TestApp;
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };
let admin: Awaited<ReturnType<typeof buildUser>>;
let owner: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ smtpUrl: smtp.url });
  orgA = await buildOrg(t);
  orgB = await buildOrg(t);
  admin = await buildUser(t, { role: "admin", organizationId: null });
  owner = await buildUser(t, { role: "org_owner", organizationId: orgA.id });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const rolesOf = async (userId: string) =>
  (await t.db.select().from(userRoles).where(eq(userRoles.userId, userId))).length;

/** A user who registered and submitted the onboarding form for `orgName` (status submitted, role org_officer). */
async function applicant(orgName = `Applicant Org ${Date.now()}`) {
  const u = await registerUser(t);
  const res = await t.request("POST", "/api/onboarding", {
    cookie: u.cookie,
    body: validOnboarding({ organizationName: orgName, firstName: "Grace", lastName: "Hopper" }),
  });
  expect(res.statusCode).toBe(201);
  return { ...u, organizationId: res.json().organization.id as string };
}

describe("who may manage users", () => {
  it("answers 401 without a session and 403 with the spec's wording to officers and managers", async () => {
    expect((await t.request("GET", "/api/admin/users")).statusCode).toBe(401);
    for (const role of ["org_officer", "org_manager"] as const) {
      const u = await buildUser(t, { role, organizationId: orgA.id });
      const res = await t.request("GET", "/api/admin/users", { cookie: u.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "forbidden", message: "You don't have permission to manage users." });
      // 403 comes before any body validation.
      expect((await t.request("POST", "/api/admin/users", { cookie: u.cookie, body: {} })).statusCode).toBe(403);
    }
  });

  it("lets an admin list everyone, with organisations, roles, two-factor state and the organisation filter", async () => {
    const inB = await buildUser(t, { role: "org_officer", organizationId: orgB.id });
    const all = await t.request("GET", "/api/admin/users", { cookie: admin.cookie });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.users.map((u: { id: string }) => u.id)).toEqual(
      expect.arrayContaining([owner.userId, inB.userId, admin.userId]),
    );
    expect(body.users.find((u: { id: string }) => u.id === inB.userId)).toMatchObject({
      organizationId: orgB.id,
      organizationName: orgB.name,
      onboardingStatus: "approved",
      roles: ["org_officer"],
      twoFactorEnabled: false,
    });
    expect(body.roles.map((r: { name: string }) => r.name)).toEqual([
      "admin",
      "org_owner",
      "org_manager",
      "org_officer",
    ]);
    expect(body.organizations.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([orgA.id, orgB.id]));
    expect(body.permissions).toEqual({ changeOrganization: true, grantAdmin: true, decideApplications: true });

    const onlyB = (
      await t.request("GET", `/api/admin/users?organizationId=${orgB.id}`, { cookie: admin.cookie })
    ).json();
    expect(onlyB.organization).toEqual({ id: orgB.id, name: orgB.name });
    expect(onlyB.users.every((u: { organizationId: string }) => u.organizationId === orgB.id)).toBe(true);
  });

  it("names only the page's organisations to an admin, and counts every organisation (issue 13)", async () => {
    const empty = await buildOrg(t);
    const body = (await t.request("GET", "/api/admin/users", { cookie: admin.cookie })).json();
    const named = body.organizations.map((o: { id: string }) => o.id);
    expect(named).not.toContain(empty.id);
    const onPage = new Set(
      [...body.users, ...body.applicants].flatMap((u: { organizationId: string | null }) =>
        u.organizationId ? [u.organizationId] : [],
      ),
    );
    expect(new Set(named)).toEqual(onPage);
    expect(body.organizationTotal).toBe(await t.db.$count(organizations));
    // Naming an organisation without users still names it (the header), and an owner counts their own.
    const emptyList = (
      await t.request("GET", `/api/admin/users?organizationId=${empty.id}`, { cookie: admin.cookie })
    ).json();
    expect(emptyList.organizations).toEqual([{ id: empty.id, name: empty.name }]);
    const owners = (await t.request("GET", "/api/admin/users", { cookie: owner.cookie })).json();
    expect(owners.organizationTotal).toBe(1);
  });

  it("shows an owner only their organisation's users and never the admin role; another organisation answers 404", async () => {
    const inB = await buildUser(t, { role: "org_officer", organizationId: orgB.id });
    const res = await t.request("GET", "/api/admin/users", { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users.length).toBeGreaterThan(0);
    expect(body.users.every((u: { organizationId: string }) => u.organizationId === orgA.id)).toBe(true);
    expect(body.users.some((u: { id: string }) => u.id === inB.userId)).toBe(false);
    expect(body.roles.map((r: { name: string }) => r.name)).not.toContain("admin");
    expect(body.organizations).toEqual([{ id: orgA.id, name: orgA.name }]);
    expect(body.permissions).toEqual({ changeOrganization: false, grantAdmin: false, decideApplications: true });
    expect(
      (await t.request("GET", `/api/admin/users?organizationId=${orgB.id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
  });
});

describe("creating users", () => {
  it("checks the fields in the spec's order and words", async () => {
    const post = (body: unknown) => t.request("POST", "/api/admin/users", { cookie: admin.cookie, body });
    const cases: [unknown, string][] = [
      [{ email: "", password: "secret1", confirmPassword: "secret1" }, "Please fill in all fields"],
      [{ email: uniqueEmail(), password: "secret1" }, "Please fill in all fields"],
      [{ email: uniqueEmail(), password: "secret1", confirmPassword: "secret2" }, "Passwords do not match"],
      [
        { email: uniqueEmail(), password: "12345", confirmPassword: "12345" },
        "Password must be at least 6 characters long",
      ],
      [
        { email: uniqueEmail(), password: "x".repeat(129), confirmPassword: "x".repeat(129) },
        "Password must be at most 128 characters long",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("creates an account that can sign in, and answers 409 with a clear message for an existing email", async () => {
    const email = uniqueEmail("created");
    const res = await t.request("POST", "/api/admin/users", {
      cookie: admin.cookie,
      body: { email: email.toUpperCase(), password: "secret1", confirmPassword: "secret1" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, onboardingStatus: "pending", roles: [], organizationId: null });
    // No session was handed to the admin.
    expect(res.cookies.filter((c) => c.name.includes("session_token"))).toHaveLength(0);
    const cookie = await signIn(t, email, "secret1");
    expect((await t.request("GET", "/api/me", { cookie })).json()).toMatchObject({
      user: { email },
      dashboard: "/onboarding-form",
    });

    const again = await t.request("POST", "/api/admin/users", {
      cookie: admin.cookie,
      body: { email, password: "secret1", confirmPassword: "secret1" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "conflict", message: `A user with the email "${email}" already exists.` });
  });

  it("puts an owner's new user in the owner's organisation; an owner cannot name another", async () => {
    const email = uniqueEmail("owned");
    const res = await t.request("POST", "/api/admin/users", {
      cookie: owner.cookie,
      body: { email, password: "secret1", confirmPassword: "secret1" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.organizationId).toBe(orgA.id);
    const elsewhere = await t.request("POST", "/api/admin/users", {
      cookie: owner.cookie,
      body: { email: uniqueEmail(), password: "secret1", confirmPassword: "secret1", organizationId: orgB.id },
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe("roles", () => {
  it("assigning replaces: exactly one role row is left", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA.id });
    for (const role of ["org_manager", "org_owner", "org_officer"]) {
      const res = await t.request("PUT", `/api/admin/users/${u.userId}/role`, { cookie: admin.cookie, body: { role } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.roles).toEqual([role]);
      expect(await rolesOf(u.userId)).toBe(1);
    }
  });

  it("removes a role and answers 404 when the user does not hold it", async () => {
    const u = await buildUser(t, { role: "org_manager", organizationId: orgA.id });
    const res = await t.request("DELETE", `/api/admin/users/${u.userId}/roles/org_manager`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.roles).toEqual([]);
    expect(await rolesOf(u.userId)).toBe(0);
    expect(
      (await t.request("DELETE", `/api/admin/users/${u.userId}/roles/org_manager`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it("lets an owner change roles in their organisation but never grant or remove admin (403)", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA.id });
    const ok = await t.request("PUT", `/api/admin/users/${u.userId}/role`, {
      cookie: owner.cookie,
      body: { role: "org_manager" },
    });
    expect(ok.statusCode).toBe(200);
    const grant = await t.request("PUT", `/api/admin/users/${u.userId}/role`, {
      cookie: owner.cookie,
      body: { role: "admin" },
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe("Only administrators can grant the admin role.");
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, u.userId))).length).toBe(1);

    const adminInA = await buildUser(t, { role: "admin", organizationId: orgA.id });
    expect(
      (await t.request("DELETE", `/api/admin/users/${adminInA.userId}/roles/admin`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.request("PUT", `/api/admin/users/${adminInA.userId}/role`, {
          cookie: owner.cookie,
          body: { role: "org_officer" },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("answers 404 when an owner touches a user of another organisation, and changes nothing", async () => {
    const inB = await buildUser(t, { role: "org_officer", status: "submitted", organizationId: orgB.id });
    const calls = [
      t.request("PUT", `/api/admin/users/${inB.userId}/role`, { cookie: owner.cookie, body: { role: "org_manager" } }),
      t.request("DELETE", `/api/admin/users/${inB.userId}/roles/org_officer`, { cookie: owner.cookie }),
      t.request("POST", `/api/admin/users/${inB.userId}/approve`, { cookie: owner.cookie }),
      t.request("PUT", `/api/admin/users/${inB.userId}/organization`, {
        cookie: owner.cookie,
        body: { organizationId: orgA.id },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("User not found.");
    }
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, inB.userId));
    expect(profile).toMatchObject({ onboardingStatus: "submitted", organizationId: orgB.id });
  });

  it("never lets an admin take their own admin role away", async () => {
    const self = await buildUser(t, { role: "admin", organizationId: null });
    const removed = await t.request("DELETE", `/api/admin/users/${self.userId}/roles/admin`, { cookie: self.cookie });
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toBe("You cannot remove your own admin role.");
    expect(
      (
        await t.request("PUT", `/api/admin/users/${self.userId}/role`, {
          cookie: self.cookie,
          body: { role: "org_owner" },
        })
      ).statusCode,
    ).toBe(403);
    expect(await rolesOf(self.userId)).toBe(1);
  });

  it("rejects an unknown role name", async () => {
    const u = await buildUser(t, { organizationId: orgA.id });
    const res = await t.request("PUT", `/api/admin/users/${u.userId}/role`, {
      cookie: admin.cookie,
      body: { role: "superuser" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("organisation of a user", () => {
  it("lets an admin move a user to an organisation and to none; owners get 403", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA.id });
    const moved = await t.request("PUT", `/api/admin/users/${u.userId}/organization`, {
      cookie: admin.cookie,
      body: { organizationId: orgB.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().user).toMatchObject({ organizationId: orgB.id, organizationName: orgB.name });
    const none = await t.request("PUT", `/api/admin/users/${u.userId}/organization`, {
      cookie: admin.cookie,
      body: { organizationId: null },
    });
    expect(none.json().user.organizationId).toBeNull();
    const missing = await t.request("PUT", `/api/admin/users/${u.userId}/organization`, {
      cookie: admin.cookie,
      body: { organizationId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(missing.statusCode).toBe(404);

    const inA = await buildUser(t, { role: "org_officer", organizationId: orgA.id });
    expect(
      (
        await t.request("PUT", `/api/admin/users/${inA.userId}/organization`, {
          cookie: owner.cookie,
          body: { organizationId: null },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("approval", () => {
  it("approves a submitted user and emails them with the names of their onboarding form; again is a no-op", async () => {
    const a = await applicant("Approval Org One");
    const res = await t.request("POST", `/api/admin/users/${a.userId}/approve`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      alreadyApproved: false,
      emailSent: true,
      emailError: null,
      user: { onboardingStatus: "approved" },
    });
    const mail = await smtp.waitFor((m) => m.to.includes(a.email));
    expect(mail.subject).toMatch(/approved/i);
    expect(mail.text).toContain("Grace Hopper");
    expect(mail.text).toContain("Approval Org One");
    expect((await t.request("GET", "/api/me", { cookie: a.cookie })).json().dashboard).toBe("/org-officer-dashboard");

    const again = await t.request("POST", `/api/admin/users/${a.userId}/approve`, { cookie: admin.cookie });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadyApproved: true, emailSent: false });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, a.email));
    expect(mails.filter((m) => m.kind === "user_approved")).toHaveLength(1);
  });

  it("lets an owner approve a pending user of their organisation", async () => {
    const u = await buildUser(t, { status: "pending", organizationId: orgA.id });
    const res = await t.request("POST", `/api/admin/users/${u.userId}/approve`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.onboardingStatus).toBe("approved");
  });

  it("keeps the approval when the email fails and reports why", async () => {
    const a = await applicant("Approval Org Two");
    smtp.failNextDeliveries(1);
    const res = await t.request("POST", `/api/admin/users/${a.userId}/approve`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.onboardingStatus).toBe("approved");
    expect(body.emailSent).toBe(false);
    expect(body.emailError).toMatch(/451|unavailable/i);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, a.userId));
    expect(profile!.onboardingStatus).toBe("approved");
  });

  it("answers 404 for an unknown user", async () => {
    expect(
      (await t.request("POST", "/api/admin/users/no-such-user/approve", { cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });
});

describe("the list a page at a time (issue 13)", () => {
  /** `n` accounts of one organisation written straight to the tables (no password: they never sign in), a second apart. */
  async function manyUsers(organizationId: string, n: number, prefix: string) {
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `${prefix}-${i}`,
      name: `${prefix}-${i}`,
      email: `${prefix}-${String(i).padStart(3, "0")}@paging.example.org`,
      createdAt: new Date(base + i * 1000),
    }));
    await t.db.insert(users).values(rows);
    await t.db
      .insert(userProfiles)
      .values(rows.map((r) => ({ id: r.id, organizationId, onboardingStatus: "approved" as const })));
    return rows;
  }

  it("answers 50 users a page, newest first, with the exact total; pages never overlap", async () => {
    const org = await buildOrg(t);
    const boss = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const made = await manyUsers(org.id, 57, `pg${Date.now().toString(36)}`);
    const first = (await t.request("GET", "/api/admin/users", { cookie: boss.cookie })).json();
    expect(first).toMatchObject({ total: 58, page: 1, pageSize: 50 });
    expect(first.users).toHaveLength(50);
    // The owner joined last: newest first puts them at the top.
    expect(first.users[0].id).toBe(boss.userId);
    expect(first.users[1].id).toBe(made[56]!.id);
    const second = (await t.request("GET", "/api/admin/users?page=2", { cookie: boss.cookie })).json();
    expect(second).toMatchObject({ total: 58, page: 2 });
    expect(second.users).toHaveLength(8);
    const ids = [...first.users, ...second.users].map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(58);
    expect(ids).toEqual(expect.arrayContaining([boss.userId, ...made.map((u) => u.id)]));
    // A page past the end is empty, with the total to go back by.
    const past = (await t.request("GET", "/api/admin/users?page=9", { cookie: boss.cookie })).json();
    expect(past).toMatchObject({ total: 58, page: 9, users: [] });
  });

  it("finds users by email, by the name on their onboarding form and by organisation, in the caller's scope only", async () => {
    const org = await buildOrg(t, `Searchable Trust ${Date.now()}`);
    const boss = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const [one] = await manyUsers(org.id, 3, `sr${Date.now().toString(36)}`);
    await t.db.insert(onboardingForms).values({
      userId: one!.id,
      organizationName: org.name,
      firstName: "Philippa",
      lastName: "Quintrell",
      fundraisingTypes: [],
    });
    const list = async (cookie: string, qs: string) =>
      (await t.request("GET", `/api/admin/users?${qs}`, { cookie })).json() as {
        users: { id: string }[];
        total: number;
      };
    const byEmail = await list(boss.cookie, `q=${encodeURIComponent(one!.email.slice(0, -5).toUpperCase())}`);
    expect(byEmail.users.map((u) => u.id)).toEqual([one!.id]);
    const byName = await list(boss.cookie, "q=pa%20quin");
    expect(byName.users.map((u) => u.id)).toEqual([one!.id]);
    expect(byName.total).toBe(1);
    // LIKE's wildcards are letters like any other.
    expect((await list(boss.cookie, "q=%25")).total).toBe(0);
    expect((await list(boss.cookie, "q=_")).total).toBe(0);
    // By organisation: an admin's search across every organisation.
    const byOrg = await list(admin.cookie, `q=${encodeURIComponent(org.name)}`);
    expect(byOrg.total).toBe(4);
    // An owner searching for someone of another organisation finds no one.
    expect((await list(owner.cookie, `q=${encodeURIComponent(one!.email)}`)).total).toBe(0);
    expect((await list(owner.cookie, "q=pa%20quin")).total).toBe(0);
  });

  it("filters by onboarding status, and lists the applicants whatever the search or page", async () => {
    const org = await buildOrg(t);
    const boss = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const waiting = await buildUser(t, { status: "submitted", organizationId: org.id });
    const pending = await buildUser(t, { status: "pending", organizationId: org.id });
    const res = await t.request("GET", "/api/admin/users?status=submitted", { cookie: boss.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().users.map((u: { id: string }) => u.id)).toEqual([waiting.userId]);
    const approved = (await t.request("GET", "/api/admin/users?status=approved", { cookie: boss.cookie })).json();
    expect(approved.users.map((u: { id: string }) => u.id)).toEqual([boss.userId]);

    const searched = (
      await t.request("GET", `/api/admin/users?q=${encodeURIComponent(boss.email)}`, { cookie: boss.cookie })
    ).json();
    expect(searched.users.map((u: { id: string }) => u.id)).toEqual([boss.userId]);
    expect(searched.applicantTotal).toBe(2);
    expect(searched.applicants.map((u: { id: string }) => u.id).sort()).toEqual(
      [waiting.userId, pending.userId].sort(),
    );
    // An admin without an organisation named sees every organisation's applicants, these among them.
    const all = (await t.request("GET", "/api/admin/users", { cookie: admin.cookie })).json();
    expect(all.applicants.map((u: { id: string }) => u.id)).toEqual(
      expect.arrayContaining([waiting.userId, pending.userId]),
    );
    expect(all.applicantTotal).toBeGreaterThanOrEqual(2);
  });

  it("answers 400 for a page, status or search it cannot use", async () => {
    for (const qs of [
      "page=0",
      "page=-1",
      "page=1.5",
      "page=abc",
      "page=100001",
      "status=banned",
      `q=${"x".repeat(201)}`,
    ]) {
      const res = await t.request("GET", `/api/admin/users?${qs}`, { cookie: admin.cookie });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error, qs).toBeTruthy();
    }
    // Spaces around a search are dropped; an empty one is no search.
    const blank = await t.request("GET", "/api/admin/users?q=%20%20", { cookie: admin.cookie });
    expect(blank.statusCode).toBe(200);
  });
});
