import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { donorGroups, donors, savedDonorGroups, stages } from "../src/db/schema.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationPeople } from "./fixtures.ts";

let t: TestApp;
let orgA: { id: string };
let orgB: { id: string };
let officer: string;
let other: string;
let d1: string;
let d2: string;
let foreignDonor: string;
let people: OrganizationPeople;

beforeAll(async () => {
  t = await createTestApp();
  // No fixture records: the donors of each organisation are the ones below.
  const { a, b } = await twoOrganizations(t, { names: ["Groups A", "Groups B"], records: false });
  orgA = a.org;
  orgB = b.org;
  officer = a.officer.cookie;
  people = a;
  other = b.owner.cookie;
  d1 = (await buildDonor(t, orgA.id, { firstName: "One" })).id;
  d2 = (await buildDonor(t, orgA.id, { firstName: "Two" })).id;
  foreignDonor = (await buildDonor(t, orgB.id, { firstName: "Foreign" })).id;
});
afterAll(async () => {
  await t?.close();
});

describe("static groups", () => {
  it("needs a name ('Please enter a name for the group') and a donor role", async () => {
    const res = await t.request("POST", "/api/donor-groups", { cookie: officer, body: { name: "   " } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please enter a name for the group");
    expect((await t.request("POST", "/api/donor-groups", { body: { name: "x" } })).statusCode).toBe(401);
    const plain = await buildUser(t, { organizationId: orgA.id });
    const denied = await t.request("GET", "/api/donor-groups", { cookie: plain.cookie });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You don't have permission to access the donor list.");
  });

  it("creates, lists by name with member counts, adds and removes members with the spec's messages, deletes", async () => {
    const b = await t.request("POST", "/api/donor-groups", { cookie: officer, body: { name: "Major donors" } });
    expect(b.statusCode).toBe(201);
    const a = await t.request("POST", "/api/donor-groups", { cookie: officer, body: { name: "Alumni" } });
    const gid = b.json().id;

    const empty = await t.request("POST", `/api/donor-groups/${gid}/members`, {
      cookie: officer,
      body: { donorIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please select donors to add to the group");

    const add = await t.request("POST", `/api/donor-groups/${gid}/members`, {
      cookie: officer,
      body: { donorIds: [d1, d2] },
    });
    expect(add.json()).toEqual({ count: 2, message: 'Added 2 donors to "Major donors"' });
    // Adding again is harmless.
    expect(
      (await t.request("POST", `/api/donor-groups/${gid}/members`, { cookie: officer, body: { donorIds: [d1] } }))
        .statusCode,
    ).toBe(200);

    const list = await t.request("GET", "/api/donor-groups", { cookie: officer });
    expect(list.json().groups.map((g: { name: string; memberCount: number }) => [g.name, g.memberCount])).toEqual([
      ["Alumni", 0],
      ["Major donors", 2],
    ]);

    const rm = await t.request("POST", `/api/donor-groups/${gid}/members/remove`, {
      cookie: officer,
      body: { donorIds: [d2] },
    });
    expect(rm.json()).toEqual({ count: 1, message: 'Removed 1 donor from "Major donors"' });

    expect((await t.request("DELETE", `/api/donor-groups/${a.json().id}`, { cookie: officer })).json()).toEqual({
      ok: true,
    });
    expect((await t.request("GET", "/api/donor-groups", { cookie: officer })).json().groups).toHaveLength(1);
  });

  it("keeps groups and their members inside the organisation (404 for others)", async () => {
    const g = (await t.request("POST", "/api/donor-groups", { cookie: officer, body: { name: "Private" } })).json();
    expect((await t.request("GET", "/api/donor-groups", { cookie: other })).json().groups).toEqual([]);
    for (const [method, url, body] of [
      ["POST", `/api/donor-groups/${g.id}/members`, { donorIds: [foreignDonor] }],
      ["POST", `/api/donor-groups/${g.id}/members/remove`, { donorIds: [d1] }],
      ["DELETE", `/api/donor-groups/${g.id}`, undefined],
    ] as const) {
      expect((await t.request(method, url, { cookie: other, body })).statusCode, url).toBe(404);
    }
    // Another organisation's donor cannot be added to our group.
    const res = await t.request("POST", `/api/donor-groups/${g.id}/members`, {
      cookie: officer,
      body: { donorIds: [d1, foreignDonor] },
    });
    expect(res.statusCode).toBe(404);
    // A non-admin cannot create a group in another organisation.
    expect(
      (await t.request("POST", "/api/donor-groups", { cookie: officer, body: { name: "x", organizationId: orgB.id } }))
        .statusCode,
    ).toBe(404);
  });
});

describe("who made a group and who may delete it (issue 14)", () => {
  const paths = {
    static: { create: "/api/donor-groups", body: { name: "Owner's prospects" } },
    saved: { create: "/api/saved-donor-groups", body: { name: "Owner's filter", filterSettings: { searchTerm: "a" } } },
  };
  for (const [kind, { create, body }] of Object.entries(paths)) {
    it(`names the maker of a ${kind} group; its maker, a manager, an owner or an admin deletes it, an officer not (403)`, async () => {
      const make = async (cookie: string) => {
        const res = await t.request("POST", create, { cookie, body });
        expect(res.statusCode).toBe(201);
        return res.json() as { id: string; createdBy: unknown; permissions: { delete: boolean } };
      };
      const byOwner = await make(people.owner.cookie);
      expect(byOwner.createdBy).toEqual({ name: null, email: people.owner.email });
      expect(byOwner.permissions).toEqual({ delete: true });

      const listed = (await t.request("GET", create, { cookie: officer })).json().groups;
      const seen = listed.find((g: { id: string }) => g.id === byOwner.id);
      expect(seen.createdBy).toEqual({ name: null, email: people.owner.email });
      expect(seen.permissions).toEqual({ delete: false });

      const refused = await t.request("DELETE", `${create}/${byOwner.id}`, { cookie: officer });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        "Only the person who made this group, a manager, an owner or an administrator can delete it.",
      );
      expect(
        (await t.request("GET", create, { cookie: officer })).json().groups.map((g: { id: string }) => g.id),
      ).toContain(byOwner.id);

      // The officer's own group, and anyone's for a manager, an owner and an admin.
      const own = await make(officer);
      expect((await t.request("DELETE", `${create}/${own.id}`, { cookie: officer })).statusCode).toBe(200);
      expect((await t.request("DELETE", `${create}/${byOwner.id}`, { cookie: people.manager.cookie })).statusCode).toBe(
        200,
      );
      for (const who of [people.owner, people.admin]) {
        const g = await make(officer);
        expect((await t.request("DELETE", `${create}/${g.id}`, { cookie: who.cookie })).statusCode).toBe(200);
      }
    });
  }
});

describe("saved filter groups", () => {
  it("saves the filters under the spec's keys, lists newest first and deletes", async () => {
    const noName = await t.request("POST", "/api/saved-donor-groups", {
      cookie: officer,
      body: { name: "", filterSettings: { searchTerm: "a" } },
    });
    expect(noName.json().message).toBe("Please enter a name for the group");
    const noFilter = await t.request("POST", "/api/saved-donor-groups", {
      cookie: officer,
      body: { name: "All", filterSettings: { minQualityScore: 0, maxQualityScore: 10 } },
    });
    expect(noFilter.statusCode).toBe(400);
    expect(noFilter.json().message).toBe("Set at least one filter before saving a group.");

    const res = await t.request("POST", "/api/saved-donor-groups", {
      cookie: officer,
      body: {
        name: "Big capacity",
        filterSettings: {
          searchTerm: "smith",
          selectedStageFilter: "Discovery",
          selectedDSRatingFilter: "DS1-1",
          minCapacity: "100000",
          maxCapacity: "",
          minQualityScore: 5,
          maxQualityScore: 10,
        },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().filterSettings).toEqual({
      searchTerm: "smith",
      selectedStageFilter: "Discovery",
      selectedDSRatingFilter: "DS1-1",
      minCapacity: 100000,
      minQualityScore: 5,
    });
    const list = await t.request("GET", "/api/saved-donor-groups", { cookie: officer });
    expect(list.json().groups.map((g: { name: string }) => g.name)).toEqual(["Big capacity"]);
    expect((await t.request("GET", "/api/saved-donor-groups", { cookie: other })).json().groups).toEqual([]);
    expect((await t.request("DELETE", `/api/saved-donor-groups/${res.json().id}`, { cookie: other })).statusCode).toBe(
      404,
    );
    expect((await t.request("DELETE", `/api/saved-donor-groups/${res.json().id}`, { cookie: officer })).json()).toEqual(
      { ok: true },
    );
  });
});

describe("pages of groups (ADR 072)", () => {
  it("answers 50 groups a page, by name or newest first, with a name search and the totals the pager needs", async () => {
    const org = await buildOrg(t);
    const owner = await buildUser(t, { role: "org_owner", organizationId: org.id });
    // 53 of each; two static groups share a name and two saved ones a time (ties go by id, so pages never overlap).
    const base = Date.UTC(2026, 0, 1);
    const name = (i: number) => (i === 7 ? "Group 06" : `Group ${String(i).padStart(2, "0")}`);
    await t.db
      .insert(donorGroups)
      .values(Array.from({ length: 53 }, (_, i) => ({ organizationId: org.id, userId: owner.userId, name: name(i) })));
    await t.db.insert(savedDonorGroups).values(
      Array.from({ length: 53 }, (_, i) => ({
        organizationId: org.id,
        userId: owner.userId,
        name: name(i),
        filterSettings: { searchTerm: `s${i}` },
        createdAt: new Date(base + (i === 1 ? 0 : i) * 60_000),
      })),
    );
    type Page = { groups: { id: string; name: string }[]; total: number; page: number; pageSize: number };
    const get = async (path: string, cookie = owner.cookie) => {
      const res = await t.request("GET", path, { cookie });
      expect(res.statusCode, path).toBe(200);
      return res.json() as Page;
    };
    for (const path of ["/api/donor-groups", "/api/saved-donor-groups"]) {
      const first = await get(path);
      const second = await get(`${path}?page=2`);
      expect(first).toMatchObject({ total: 53, page: 1, pageSize: 50 });
      expect(first.groups).toHaveLength(50);
      expect(second).toMatchObject({ total: 53, page: 2 });
      expect(second.groups).toHaveLength(3);
      const ids = [...first.groups, ...second.groups].map((g) => g.id);
      expect(new Set(ids).size, path).toBe(53);
      expect(await get(`${path}?page=3`)).toMatchObject({ groups: [], total: 53, page: 3 });
      for (const bad of ["0", "-1", "1.5", "x", "100001"]) {
        expect((await t.request("GET", `${path}?page=${bad}`, { cookie: owner.cookie })).statusCode, bad).toBe(400);
      }
      // The search finds the text anywhere in the name, case aside; LIKE's wildcards are plain text.
      const found = await get(`${path}?q=${encodeURIComponent(" group 0 ")}`);
      expect(found.total).toBe(10);
      expect(found.groups.map((g) => g.name).sort()).toEqual(
        ["00", "01", "02", "03", "04", "05", "06", "06", "08", "09"].map((n) => `Group ${n}`),
      );
      expect(await get(`${path}?q=%25`)).toMatchObject({ groups: [], total: 0 });
      expect((await t.request("GET", `${path}?q=${"x".repeat(201)}`, { cookie: owner.cookie })).statusCode).toBe(400);
    }
    const statics = [...(await get("/api/donor-groups")).groups, ...(await get("/api/donor-groups?page=2")).groups];
    expect(statics.map((g) => g.name)).toEqual([...statics.map((g) => g.name)].sort());
    const saved = [
      ...(await get("/api/saved-donor-groups")).groups,
      ...(await get("/api/saved-donor-groups?page=2")).groups,
    ];
    expect(saved[0]!.name).toBe("Group 52");
    expect(
      saved
        .slice(-2)
        .map((g) => g.name)
        .sort(),
    ).toEqual(["Group 00", "Group 01"]);

    // Another organisation's members see none of them; an admin names the organisation or reads every one's.
    expect(await get("/api/donor-groups?q=Group%2052", other)).toMatchObject({ groups: [], total: 0 });
    const admin = await buildUser(t, { role: "admin", organizationId: null });
    expect(await get(`/api/donor-groups?organizationId=${org.id}&page=2`, admin.cookie)).toMatchObject({
      total: 53,
      page: 2,
    });
    const everyone = await get("/api/donor-groups", admin.cookie);
    expect(everyone.groups).toHaveLength(50);
    expect(everyone.total).toBeGreaterThanOrEqual(53);
  });
});

describe("donor record and notes", () => {
  it("shows every field, the organisation, stage records oldest first and the permissions", async () => {
    await t.db
      .update(donors)
      .set({
        estimatedCapacity: 25000,
        // As donors were stored before ADR 060: catalogue fields under their keys, not their codes.
        extra: { fields: { foundation: "Yes" }, unknown: { "Favourite Colour": "teal" } },
      })
      .where(eq(donors.id, d1));
    await t.db.insert(stages).values([
      {
        donorId: d1,
        organizationId: orgA.id,
        stageName: "Discovery",
        aiOutput: "first",
        createdAt: new Date("2025-01-01"),
      },
      {
        donorId: d1,
        organizationId: orgA.id,
        stageName: "Connection",
        aiOutput: "second",
        createdAt: new Date("2025-02-01"),
      },
    ]);
    const res = await t.request("GET", `/api/donors/${d1}`, { cookie: officer });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.donor).toMatchObject({
      organizationName: "Groups A",
      currentStage: "Deepening",
      unknownFields: { "Favourite Colour": "teal" },
    });
    expect(body.donor.fields).toMatchObject({
      firstName: "One",
      estimatedCapacity: 25000,
      foundation: "Yes",
      wealthBasedCapacity: null,
    });
    // The 125 fields of a research export, and the two the contact reports keep (issue 15).
    expect(Object.keys(body.donor.fields)).toHaveLength(125 + 2);
    expect(body.donor.fields).toMatchObject({ lastContactDate: null, daysSinceContact: null });
    expect(body.stages.map((s: { aiOutput: string }) => s.aiOutput)).toEqual(["first", "second"]);
    expect(body.permissions).toEqual({ editNotes: true, assignRelationshipManager: false });
  });

  it("answers 404 'Donor Not Found' text for a missing, malformed or other organisation's donor", async () => {
    for (const id of [foreignDonor, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await t.request("GET", `/api/donors/${id}`, { cookie: officer });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(
        "The donor you're looking for doesn't exist or you don't have permission to view it.",
      );
      expect(
        (await t.request("PUT", `/api/donors/${id}/notes`, { cookie: officer, body: { notes: "<p>x</p>" } }))
          .statusCode,
      ).toBe(404);
    }
  });

  it("sanitises notes to the editor's tools, saves them with the spec's message and records the change", async () => {
    const dirty =
      '<h1>Title</h1><h4>h4 goes</h4><p onclick="x()">Hi <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <a href="javascript:alert(1)">bad</a> <a href="https://ok.org" onmouseover="x">ok</a></p>' +
      '<script>alert(1)</script><img src=x onerror=alert(1)><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote><pre><code class="language-js">c</code></pre><iframe src="https://evil"></iframe><p style="color:red">styled</p>';
    const res = await t.request("PUT", `/api/donors/${d2}/notes`, { cookie: officer, body: { notes: dirty } });
    expect(res.statusCode).toBe(200);
    const { notes, message } = res.json();
    expect(message).toBe("Donor notes saved successfully!");
    expect(notes).toBe(
      '<h1>Title</h1>h4 goes<p>Hi <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <a target="_blank" rel="noopener noreferrer nofollow">bad</a> <a href="https://ok.org" target="_blank" rel="noopener noreferrer nofollow">ok</a></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote><pre><code class="language-js">c</code></pre><p>styled</p>',
    );
    const rec = (await t.request("GET", `/api/donors/${d2}`, { cookie: officer })).json();
    expect(rec.donor.notes).toBe(notes);
    expect(rec.changes[0]).toMatchObject({
      source: "screen",
      importBatchId: null,
      changes: [{ field: "notes", label: "Notes", old: "", new: notes }],
    });
    // An empty editor stores nothing.
    expect(
      (await t.request("PUT", `/api/donors/${d2}/notes`, { cookie: officer, body: { notes: "<p></p>" } })).json().notes,
    ).toBe("");
  });

  it("refuses notes from a user without a donor role (403)", async () => {
    const plain = await buildUser(t, { organizationId: orgA.id });
    expect(
      (await t.request("PUT", `/api/donors/${d1}/notes`, { cookie: plain.cookie, body: { notes: "x" } })).statusCode,
    ).toBe(403);
  });
});
