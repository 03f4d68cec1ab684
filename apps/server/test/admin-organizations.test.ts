import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { campaigns, donors, organizations, userProfiles, users } from "../src/db/schema.ts";
import { buildOrg, buildUser, createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let owner: Awaited<ReturnType<typeof buildUser>>;
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  orgA = await buildOrg(t);
  orgB = await buildOrg(t);
  admin = await buildUser(t, { role: "admin", organizationId: null });
  owner = await buildUser(t, { role: "org_owner", organizationId: orgA.id });
});
afterAll(async () => {
  await t?.close();
});

const addDonors = (organizationId: string, n: number) =>
  t.db
    .insert(donors)
    .values(Array.from({ length: n }, (_, i) => ({ organizationId, firstName: "D", lastName: `Donor ${i}` })));

describe("organisation management is admin only", () => {
  it("answers 401 without a session and 403 to owners, managers and officers", async () => {
    expect((await t.request("GET", "/api/admin/organizations")).statusCode).toBe(401);
    const manager = await buildUser(t, { role: "org_manager", organizationId: orgA.id });
    for (const cookie of [owner.cookie, manager.cookie]) {
      for (const res of [
        await t.request("GET", "/api/admin/organizations", { cookie }),
        await t.request("POST", "/api/admin/organizations", { cookie, body: { name: "" } }),
        await t.request("PUT", `/api/admin/organizations/${orgB.id}`, { cookie, body: { name: "Renamed" } }),
        await t.request("DELETE", `/api/admin/organizations/${orgB.id}`, { cookie }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe("You don't have permission to manage organizations.");
      }
    }
  });
});

describe("creating and renaming", () => {
  it("requires a name after trimming and stores it trimmed", async () => {
    for (const name of ["", "   "]) {
      const res = await t.request("POST", "/api/admin/organizations", { cookie: admin.cookie, body: { name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Organization name is required");
    }
    const missing = await t.request("POST", "/api/admin/organizations", { cookie: admin.cookie, body: {} });
    expect(missing.json().message).toBe("Organization name is required");
    const res = await t.request("POST", "/api/admin/organizations", {
      cookie: admin.cookie,
      body: { name: "  River Trust  " },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe("River Trust");
  });

  it("refuses a name that exists in any letter case (409)", async () => {
    await t.request("POST", "/api/admin/organizations", { cookie: admin.cookie, body: { name: "Lake Fund" } });
    const dup = await t.request("POST", "/api/admin/organizations", {
      cookie: admin.cookie,
      body: { name: "LAKE fund" },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: "conflict", message: 'An organization named "LAKE fund" already exists.' });
    const rename = await t.request("PUT", `/api/admin/organizations/${orgB.id}`, {
      cookie: admin.cookie,
      body: { name: " lake FUND " },
    });
    expect(rename.statusCode).toBe(409);
  });

  it("renames, stamps updated_at, and accepts a change of letter case of its own name", async () => {
    const org = await buildOrg(t, "Mountain Aid");
    const res = await t.request("PUT", `/api/admin/organizations/${org.id}`, {
      cookie: admin.cookie,
      body: { name: "MOUNTAIN AID" },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe("MOUNTAIN AID");
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThan(new Date(body.createdAt).getTime());
    const blank = await t.request("PUT", `/api/admin/organizations/${org.id}`, {
      cookie: admin.cookie,
      body: { name: " " },
    });
    expect(blank.json().message).toBe("Organization name is required");
    expect(
      (
        await t.request("PUT", "/api/admin/organizations/00000000-0000-4000-8000-000000000000", {
          cookie: admin.cookie,
          body: { name: "X" },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the list", () => {
  it("lists by name with user, donor and campaign counts and the System Overview totals", async () => {
    await addDonors(orgA.id, 3);
    await addDonors(orgB.id, 1);
    const res = await t.request("GET", "/api/admin/organizations", { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const names = body.organizations.map((o: { name: string }) => o.name);
    expect(names.indexOf("Lake Fund")).toBeLessThan(names.indexOf("River Trust"));
    expect(names.indexOf("Lake Fund")).toBeGreaterThanOrEqual(0);
    const a = body.organizations.find((o: { id: string }) => o.id === orgA.id);
    // The owner and the manager of the first test.
    expect(a).toMatchObject({ userCount: 2, donorCount: 3, campaignCount: 0 });
    expect(body.totals.users).toBe(await t.db.$count(userProfiles));
    expect(body.totals.donors).toBeGreaterThanOrEqual(4);
  });

  it("counts each organisation's own campaigns and donors, and 0 for an empty one (grouped, not one query each)", async () => {
    const busy = await buildOrg(t);
    const empty = await buildOrg(t);
    await addDonors(busy.id, 2);
    await t.db.insert(campaigns).values(
      ["Gala", "Spring"].map((name) => ({
        organizationId: busy.id,
        name,
        goal: "$5",
        startDate: "2025-01-01",
        endDate: "2025-02-01",
      })),
    );
    const body = (await t.request("GET", "/api/admin/organizations", { cookie: admin.cookie })).json();
    const of = (id: string) => body.organizations.find((o: { id: string }) => o.id === id);
    expect(of(busy.id)).toMatchObject({ userCount: 0, donorCount: 2, campaignCount: 2 });
    expect(of(empty.id)).toMatchObject({ userCount: 0, donorCount: 0, campaignCount: 0 });
    expect(body.totals.campaigns).toBe(await t.db.$count(campaigns));
  });
});

describe("the list a page at a time (issue 13)", () => {
  it("answers 50 organisations a page by name with the exact total, finds them by name, and lists every name apart", async () => {
    const tag = `Paged ${Date.now().toString(36)}`;
    const made: { id: string; name: string }[] = [];
    for (let i = 0; i < 53; i++) made.push(await buildOrg(t, `${tag} ${String(i).padStart(2, "0")}`));
    const list = async (qs: string) => {
      const res = await t.request("GET", `/api/admin/organizations?${qs}`, { cookie: admin.cookie });
      expect(res.statusCode, qs).toBe(200);
      return res.json() as {
        organizations: { id: string; name: string }[];
        total: number;
        page: number;
        pageSize: number;
        totals: { users: number };
      };
    };
    const first = await list(`q=${encodeURIComponent(tag.toUpperCase())}`);
    expect(first).toMatchObject({ total: 53, page: 1, pageSize: 50 });
    expect(first.organizations.map((o) => o.name)).toEqual(made.slice(0, 50).map((o) => o.name));
    const second = await list(`q=${encodeURIComponent(tag)}&page=2`);
    expect(second.organizations.map((o) => o.name)).toEqual(made.slice(50).map((o) => o.name));
    // The System Overview counts everyone's, whatever the search.
    expect(second.totals.users).toBe(await t.db.$count(userProfiles));
    expect((await list(`q=${encodeURIComponent(`${tag} 07`)}`)).organizations.map((o) => o.id)).toEqual([made[7]!.id]);
    expect((await list("q=%25")).total).toBe(0);
    const all = await list("");
    expect(all.total).toBe(await t.db.$count(organizations));
    expect(all.organizations.length).toBeLessThanOrEqual(50);

    for (const qs of ["page=0", "page=x", `q=${"x".repeat(201)}`])
      expect((await t.request("GET", `/api/admin/organizations?${qs}`, { cookie: admin.cookie })).statusCode, qs).toBe(
        400,
      );

    const names = await t.request("GET", "/api/admin/organizations/names", { cookie: admin.cookie });
    expect(names.statusCode).toBe(200);
    const every = names.json().organizations as { id: string; name: string }[];
    expect(every).toHaveLength(await t.db.$count(organizations));
    expect(every.filter((o) => o.name.startsWith(tag))).toEqual(made.map(({ id, name }) => ({ id, name })));
    expect(Object.keys(every[0]!).sort()).toEqual(["id", "name"]);
  });

  it("answers the names to admins only", async () => {
    expect((await t.request("GET", "/api/admin/organizations/names")).statusCode).toBe(401);
    const owner = await buildUser(t, { role: "org_owner" });
    const res = await t.request("GET", "/api/admin/organizations/names", { cookie: owner.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You don't have permission to manage organizations.");
  });
});

describe("deleting", () => {
  it("deletes an empty organisation at once", async () => {
    const org = await buildOrg(t);
    const res = await t.request("DELETE", `/api/admin/organizations/${org.id}`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect((await t.db.select().from(organizations).where(eq(organizations.id, org.id))).length).toBe(0);
  });

  it("refuses while the organisation has users, donors or campaigns, and explains; the confirmed cascade removes donors and detaches users", async () => {
    // Issue 11 changed the wording (the refusal lists everything the delete removes), the answer
    // (every count) and the detached user (no organisation role, back to onboarding).
    const org = await buildOrg(t, "Cascade Org");
    const member = await buildUser(t, { role: "org_officer", organizationId: org.id });
    await addDonors(org.id, 2);
    await t.db
      .insert(campaigns)
      .values({ organizationId: org.id, name: "Gala", goal: "$5", startDate: "2025-01-01", endDate: "2025-02-01" });
    const refused = await t.request("DELETE", `/api/admin/organizations/${org.id}`, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '"Cascade Org" still has data. Deleting it removes: 2 donors with their notes, stage records (0) and change history (0 entries); ' +
        "1 campaign and 0 campaign goals; 0 donor groups and 0 saved filter groups; 0 CSV imports (their reports); 0 support issues; " +
        "1 user removed from the organization: they keep their accounts, lose their organization roles and go back to the onboarding form. " +
        "Confirm the cascade to delete it.",
    );
    expect((await t.db.select().from(organizations).where(eq(organizations.id, org.id))).length).toBe(1);

    const res = await t.request("DELETE", `/api/admin/organizations/${org.id}?cascade=true`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      detachedUsers: 1,
      deletedDonors: 2,
      deletedCampaigns: 1,
      deletedSupportIssues: 0,
    });
    expect((await t.db.select().from(campaigns).where(eq(campaigns.organizationId, org.id))).length).toBe(0);
    expect((await t.db.select().from(donors).where(eq(donors.organizationId, org.id))).length).toBe(0);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, member.userId));
    expect(profile!.organizationId).toBeNull();
    expect(profile!.onboardingStatus).toBe("pending");
    // The account itself stays.
    expect((await t.db.select().from(users).where(eq(users.id, member.userId))).length).toBe(1);
  });

  it("answers 404 for an unknown organisation", async () => {
    expect(
      (
        await t.request("DELETE", "/api/admin/organizations/00000000-0000-4000-8000-000000000000", {
          cookie: admin.cookie,
        })
      ).statusCode,
    ).toBe(404);
  });
});
