// Issue 15, Contact reports (docs/RULES.md, Contact reports): who logs, edits and deletes interactions on a
// donor, what is stored (sanitised summary, real dates), the donor's Last Contact column in the list, filters,
// sorts and export, and the interactions in the stage prompt and the offline plan.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  CONTACT_REPORT_MESSAGES,
  daysSinceContact,
  DONOR_MESSAGES,
  latestContactDate,
  type ContactReportInput,
} from "@cultivate/shared";
import { contactReports, donors, userActions } from "../src/db/schema.ts";
import { seedDemoContacts } from "../src/demo/contacts.ts";
import { exportLines } from "../src/services/donors/list-sql.ts";
import { buildDonor, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationPeople } from "./fixtures.ts";

let t: TestApp;
let a: OrganizationPeople;
let b: OrganizationPeople;
let donorA: string;
let foreign: string;
let officer2: { userId: string; cookie: string };

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await twoOrganizations(t, { names: ["Contacts A", "Contacts B"], records: false }));
  donorA = (await buildDonor(t, a.org.id, { firstName: "Connie", lastName: "Contact" })).id;
  foreign = (await buildDonor(t, b.org.id, { firstName: "Foreign" })).id;
  const u = await buildUser(t, { role: "org_officer", organizationId: a.org.id });
  officer2 = { userId: u.userId, cookie: u.cookie };
});
afterAll(async () => {
  await t?.close();
});

const body = (over: Partial<ContactReportInput> = {}): ContactReportInput => ({
  type: "call",
  date: daysAgo(3),
  participants: "Connie and her husband",
  summary: "<p>Talked about the <strong>new wing</strong>.</p>",
  nextStep: "Send the brochure",
  ...over,
});
const url = (donor: string, id?: string) => `/api/donors/${donor}/contact-reports${id ? `/${id}` : ""}`;
const create = (cookie: string | undefined, donor: string, b2 = body()) =>
  t.request("POST", url(donor), { cookie, body: b2 });
const lastContactOf = async (id: string) =>
  (await t.db.select({ d: donors.lastContactDate }).from(donors).where(eq(donors.id, id)))[0]!.d;

describe("logging a contact", () => {
  it("officers, managers, owners and admins log one; it is sanitised, listed newest first, and sets Last Contact", async () => {
    const donor = (await buildDonor(t, a.org.id)).id;
    const res = await create(
      a.officer.cookie,
      donor,
      body({ summary: '<p onclick="x()">Hi<script>alert(1)</script></p>' }),
    );
    expect(res.statusCode).toBe(201);
    const { report, message } = res.json();
    expect(message).toBe(CONTACT_REPORT_MESSAGES.created);
    expect(report).toMatchObject({
      type: "call",
      date: daysAgo(3),
      participants: "Connie and her husband",
      summary: "<p>Hi</p>",
      nextStep: "Send the brochure",
      canEdit: true,
      author: { id: a.officer.userId, email: a.officer.email },
    });
    expect(await lastContactOf(donor)).toBe(daysAgo(3));

    expect((await create(a.manager.cookie, donor, body({ type: "meeting", date: daysAgo(1) }))).statusCode).toBe(201);
    expect((await create(a.owner.cookie, donor, body({ type: "letter", date: daysAgo(10) }))).statusCode).toBe(201);
    expect((await create(b.admin.cookie, donor, body({ type: "email", date: daysAgo(2) }))).statusCode).toBe(201);
    expect(await lastContactOf(donor)).toBe(daysAgo(1));

    const list = await t.request("GET", url(donor), { cookie: a.officer.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().reports.map((r: { type: string }) => r.type)).toEqual(["meeting", "email", "call", "letter"]);
    expect(list.json().canCreate).toBe(true);
    // The officer edits only their own.
    expect(list.json().reports.map((r: { canEdit: boolean }) => r.canEdit)).toEqual([false, false, true, false]);
    expect(list.json().colleagues.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([a.officer.userId, a.manager.userId, a.owner.userId]),
    );
  });

  it("names colleagues of the donor's organisation as participants, and refuses anyone else", async () => {
    const ok = await create(a.officer.cookie, donorA, body({ participantUserIds: [a.manager.userId] }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().report.participantUsers).toEqual([
      expect.objectContaining({ id: a.manager.userId, email: a.manager.email }),
    ]);
    for (const id of [b.officer.userId, a.applicant.userId, "no-such-user"]) {
      const res = await create(a.officer.cookie, donorA, body({ participantUserIds: [id] }));
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe(CONTACT_REPORT_MESSAGES.ineligibleParticipant);
    }
  });

  it("refuses impossible and future dates, unknown types and an empty summary, each with one sentence", async () => {
    const cases: [Partial<ContactReportInput>, string][] = [
      [{ date: "2026-02-30" }, CONTACT_REPORT_MESSAGES.invalidDate],
      [{ date: "yesterday" }, CONTACT_REPORT_MESSAGES.invalidDate],
      [{ date: "2999-01-01" }, CONTACT_REPORT_MESSAGES.futureDate],
      [{ date: daysAgo(-3) }, CONTACT_REPORT_MESSAGES.futureDate],
      [{ type: "fax" as never }, CONTACT_REPORT_MESSAGES.invalidType],
      [{ summary: "<p></p>" }, CONTACT_REPORT_MESSAGES.summaryRequired],
      [{ summary: "<script>alert(1)</script>" }, CONTACT_REPORT_MESSAGES.summaryRequired],
      [{ summary: "x".repeat(20_001) }, CONTACT_REPORT_MESSAGES.summaryTooLong],
      [{ participants: "x".repeat(501) }, CONTACT_REPORT_MESSAGES.participantsTooLong],
      [{ nextStep: "x".repeat(501) }, CONTACT_REPORT_MESSAGES.nextStepTooLong],
      [
        { participantUserIds: Array.from({ length: 21 }, (_, i) => `u${i}`) },
        CONTACT_REPORT_MESSAGES.tooManyParticipants,
      ],
    ];
    for (const [over, message] of cases) {
      const res = await create(a.officer.cookie, donorA, body(over));
      expect(res.statusCode, JSON.stringify(over).slice(0, 60)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Today, wherever it is already today, is accepted.
    expect((await create(a.officer.cookie, donorA, body({ date: latestContactDate() }))).statusCode).toBe(201);
  });

  it("another organisation's donor is 404; no role 403; not approved 403; signed out 401", async () => {
    const res = await create(a.owner.cookie, foreign);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DONOR_MESSAGES.donorNotFound);
    expect((await t.request("GET", url(foreign), { cookie: a.officer.cookie })).statusCode).toBe(404);
    const plain = await buildUser(t, { organizationId: a.org.id });
    const plainCookie = plain.cookie;
    expect((await create(plainCookie, donorA)).statusCode).toBe(403);
    const applicant = await create(a.applicant.cookie, donorA);
    expect(applicant.statusCode).toBe(403);
    expect(applicant.json().error).toBe("approval_required");
    expect((await create(undefined, donorA)).statusCode).toBe(401);
    expect((await t.request("GET", url(donorA))).statusCode).toBe(401);
    const rows = await t.db.select().from(contactReports).where(eq(contactReports.donorId, foreign));
    expect(rows).toHaveLength(0);
  });
});

describe("editing and deleting", () => {
  it("the author edits and deletes their own; a colleague officer gets 403; managers and owners change any", async () => {
    const donor = (await buildDonor(t, a.org.id)).id;
    const id = (await create(a.officer.cookie, donor, body({ date: daysAgo(5) }))).json().report.id;
    const put = (cookie: string | undefined, over: Partial<ContactReportInput> = {}, d = donor, r = id) =>
      t.request("PUT", url(d, r), { cookie, body: body(over) });

    const mine = await put(a.officer.cookie, { type: "meeting", date: daysAgo(4), nextStep: null });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().message).toBe(CONTACT_REPORT_MESSAGES.updated);
    expect(mine.json().report).toMatchObject({ type: "meeting", date: daysAgo(4), nextStep: null });
    expect(await lastContactOf(donor)).toBe(daysAgo(4));

    const colleague = await put(officer2.cookie);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe(CONTACT_REPORT_MESSAGES.forbidden);
    const colleagueDelete = await t.request("DELETE", url(donor, id), { cookie: officer2.cookie });
    expect(colleagueDelete.statusCode).toBe(403);

    expect((await put(a.manager.cookie, { date: daysAgo(6) })).statusCode).toBe(200);
    expect((await put(a.owner.cookie, { date: daysAgo(7) })).statusCode).toBe(200);
    expect(await lastContactOf(donor)).toBe(daysAgo(7));

    // Another organisation's people, a report of another donor, a random id: 404.
    expect((await put(b.owner.cookie)).statusCode).toBe(404);
    const other = (await buildDonor(t, a.org.id)).id;
    const wrongDonor = await put(a.owner.cookie, {}, other, id);
    expect(wrongDonor.statusCode).toBe(404);
    expect(wrongDonor.json().message).toBe(CONTACT_REPORT_MESSAGES.notFound);
    expect((await put(a.owner.cookie, {}, donor, "not-a-uuid")).statusCode).toBe(404);
    expect((await put(undefined)).statusCode).toBe(401);

    const del = await t.request("DELETE", url(donor, id), { cookie: a.officer.cookie });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(CONTACT_REPORT_MESSAGES.deleted);
    expect(await lastContactOf(donor)).toBeNull();
    expect((await t.request("DELETE", url(donor, id), { cookie: a.officer.cookie })).statusCode).toBe(404);
  });

  it("every write is in the action history under the donor's organisation", async () => {
    const donor = (await buildDonor(t, a.org.id)).id;
    const id = (await create(a.officer.cookie, donor)).json().report.id;
    await t.request("PUT", url(donor, id), { cookie: a.officer.cookie, body: body({ type: "event" }) });
    await t.request("DELETE", url(donor, id), { cookie: b.admin.cookie });
    await t.app.activity.flush();
    const rows = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.resourceType, "donor"), eq(userActions.resourceId, donor)));
    expect(rows.map((r) => r.actionName).sort()).toEqual([
      "contact_report_create",
      "contact_report_delete",
      "contact_report_update",
    ]);
    expect(rows.every((r) => r.organizationId === a.org.id && r.success)).toBe(true);
  });
});

describe("Last Contact and Days Since Contact in the donor list", () => {
  let near: string;
  let far: string;
  beforeAll(async () => {
    const org = await buildUser(t, { role: "org_owner" });
    const cookie = org.cookie;
    near = (await buildDonor(t, org.organizationId!, { lastName: "Near" })).id;
    far = (await buildDonor(t, org.organizationId!, { lastName: "Far" })).id;
    await buildDonor(t, org.organizationId!, { lastName: "Never" });
    await create(cookie, near, body({ date: daysAgo(2) }));
    await create(cookie, far, body({ date: daysAgo(200) }));
    await create(cookie, far, body({ date: daysAgo(400) }));
    listCookie = cookie;
  });
  let listCookie = "";
  const list = (query: Record<string, string>) =>
    t.request("GET", `/api/donors?${new URLSearchParams(query)}`, { cookie: listCookie });
  const names = (res: { json(): { rows: { lastName: string }[] } }) => res.json().rows.map((r) => r.lastName);

  it("shows both columns, and sorts by them with never-contacted donors last", async () => {
    const res = await list({ sort: "lastContactDate", dir: "desc" });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(["Near", "Far", "Never"]);
    const near1 = res.json().rows[0];
    expect(near1.lastContactDate).toBe(daysAgo(2));
    expect(near1.daysSinceContact).toBe(2);
    expect(res.json().rows[2]).toMatchObject({ lastContactDate: null, daysSinceContact: null });
    expect(names(await list({ sort: "lastContactDate", dir: "asc" }))).toEqual(["Far", "Near", "Never"]);
    expect(names(await list({ sort: "daysSinceContact", dir: "desc" }))).toEqual(["Far", "Near", "Never"]);
    expect(names(await list({ sort: "daysSinceContact", dir: "asc" }))).toEqual(["Near", "Far", "Never"]);
  });

  it("filters by a Last Contact date range and a Days Since Contact range (the one range rule)", async () => {
    const f = (filters: object) => list({ filters: JSON.stringify(filters) });
    expect(names(await f({ minDaysSinceContact: 90 }))).toEqual(["Far"]);
    expect(names(await f({ maxDaysSinceContact: 30 }))).toEqual(["Near"]);
    expect(names(await f({ minDaysSinceContact: 2, maxDaysSinceContact: 2 }))).toEqual(["Near"]);
    expect(names(await f({ maxDaysSinceContact: 2_147_483_647 }))).toEqual(["Far", "Near"]);
    expect(names(await f({ minLastContactDate: daysAgo(30) }))).toEqual(["Near"]);
    expect(names(await f({ maxLastContactDate: daysAgo(30) }))).toEqual(["Far"]);
    const bad = await f({ minDaysSinceContact: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Days Since Contact must be a whole number.");
    const reversed = await f({ minDaysSinceContact: 10, maxDaysSinceContact: 5 });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe("Days Since Contact: the minimum must not be more than the maximum.");
    const badDate = await f({ minLastContactDate: "2026-02-30" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe("Last Contact must be a real calendar date (YYYY-MM-DD).");
  });

  // ADR 058: a Last Contact sort reads the contacted donors (their own index) and then the never contacted
  // (the name index); every page and the export must still be the one order.
  it("pages and exports a Last Contact sort across contacted and never-contacted donors, in one order", async () => {
    const owner = await buildUser(t, { role: "org_owner" });
    const org = owner.organizationId!;
    const made: { id: string; last: string; first: string; date: string | null; cap: number }[] = [];
    const people: [string, string, number | null, number][] = [
      ["Abbot", "Ann", 2, 10],
      ["Baker", "Bea", null, 20],
      ["Abbot", "Al", 2, 30],
      ["Cole", "Cy", 50, 40],
      ["Adams", "Ada", null, 50],
      ["Dunn", "Di", 300, 60],
      ["Zeta", "Zoe", null, 70],
      ["Baker", "Bo", 50, 80],
      ["Moss", "Mo", null, 90],
    ];
    for (const [last, first, days, cap] of people) {
      const d = await buildDonor(t, org, { lastName: last, firstName: first, estimatedCapacity: cap });
      if (days !== null) await create(owner.cookie, d.id, body({ date: daysAgo(days) }));
      made.push({ id: d.id, last, first, date: days === null ? null : daysAgo(days), cap });
    }
    const byName = (x: (typeof made)[number], y: (typeof made)[number]) =>
      x.last < y.last ? -1 : x.last > y.last ? 1 : x.first < y.first ? -1 : x.first > y.first ? 1 : 0;
    const expected = (newest: boolean, minCap = 0) => {
      const rows = made.filter((m) => m.cap >= minCap);
      const contacted = rows
        .filter((m) => m.date)
        .sort((x, y) => (x.date === y.date ? byName(x, y) : (x.date! < y.date! ? -1 : 1) * (newest ? -1 : 1)));
      return [...contacted, ...rows.filter((m) => !m.date).sort(byName)].map((m) => `${m.first} ${m.last}`);
    };
    const variants = [
      { sort: "lastContactDate", dir: "desc", newest: true },
      { sort: "lastContactDate", dir: "asc", newest: false },
      { sort: "daysSinceContact", dir: "asc", newest: true },
      { sort: "daysSinceContact", dir: "desc", newest: false },
    ] as const;
    for (const v of variants)
      for (const minCap of [0, 25]) {
        const filters = JSON.stringify(minCap ? { minCapacity: minCap } : {});
        const seen: string[] = [];
        for (let page = 1; page <= 6; page++) {
          const res = await t.request(
            "GET",
            `/api/donors?${new URLSearchParams({ sort: v.sort, dir: v.dir, filters, page: String(page), pageSize: "2" })}`,
            { cookie: owner.cookie },
          );
          expect(res.statusCode).toBe(200);
          expect(res.json().total).toBe(expected(v.newest, minCap).length);
          seen.push(
            ...res.json().rows.map((r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`),
          );
        }
        expect(seen).toEqual(expected(v.newest, minCap));
        const p = {
          scope: { organizationId: org },
          filters: minCap ? { minCapacity: minCap } : {},
          sort: v.sort,
          dir: v.dir,
        } as const;
        const read = async (options: Parameters<typeof exportLines>[2]) => {
          const out: string[] = [];
          for await (const lines of exportLines(t.db, p, options)) out.push(...lines);
          // First Name and Last Name are the first two columns.
          return out.map((l) => l.split(",").slice(0, 2).join(" "));
        };
        expect(await read({ batch: 3 })).toEqual(expected(v.newest, minCap));
        expect(await read({ batch: 3, oneStatementMax: 0 })).toEqual(expected(v.newest, minCap));
        if (t.database.readCursor)
          expect(await read({ batch: 3, readCursor: t.database.readCursor })).toEqual(expected(v.newest, minCap));
      }
  });

  it("exports Last Contact and Days Since Contact after the spec's columns", async () => {
    const res = await t.request("GET", `/api/donors/export?sort=lastContactDate&dir=desc`, { cookie: listCookie });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]!.endsWith(",Organization,Relationship Manager,Last Contact,Days Since Contact")).toBe(true);
    expect(lines[1]!.endsWith(`,${daysAgo(2)},2`)).toBe(true);
    expect(lines[3]!.endsWith(",,")).toBe(true);
  });

  it("counts whole days (UTC) and never below zero", () => {
    const now = new Date("2026-03-10T23:00:00Z");
    expect(daysSinceContact("2026-03-10", now)).toBe(0);
    expect(daysSinceContact("2026-03-11", now)).toBe(0);
    expect(daysSinceContact("2026-02-28", now)).toBe(10);
    expect(daysSinceContact(null, now)).toBeNull();
    expect(latestContactDate(new Date("2026-03-10T09:59:00Z"))).toBe("2026-03-10");
    expect(latestContactDate(new Date("2026-03-10T10:00:00Z"))).toBe("2026-03-11");
  });
});

describe("the stage prompt and the offline planner", () => {
  it("the preview lists the latest five interactions (dates, types, plain-text summaries, no contact details)", async () => {
    const donor = (await buildDonor(t, a.org.id, { firstName: "Prue", lastName: "Prompt" })).id;
    for (let i = 1; i <= 6; i++)
      await create(
        a.officer.cookie,
        donor,
        body({
          type: i === 1 ? "meeting" : "call",
          date: daysAgo(i * 10),
          summary: `<p>Contact number ${i}: wrote to <a href="mailto:prue@private.example">prue@private.example</a>, call +1 (555) 010-2030 &amp; more.</p>`,
        }),
      );
    const res = await t.request("POST", `/api/donors/${donor}/stages/preview`, {
      cookie: a.officer.cookie,
      body: { stage: "Connection", prepNotes: "Follow the gala" },
    });
    expect(res.statusCode).toBe(200);
    const { prompt } = res.json();
    expect(prompt).toContain("Recent interactions (newest first):");
    expect(prompt).toContain("· Meeting: Contact number 1: wrote to [email], call [phone] & more.");
    expect(prompt).toContain("Contact number 5");
    expect(prompt).not.toContain("Contact number 6");
    expect(prompt).not.toContain("prue@private.example");
    expect(prompt).not.toContain("555");
    expect(prompt).not.toContain("<p>");
    expect(prompt.indexOf("Contact number 1")).toBeLessThan(prompt.indexOf("Contact number 2"));

    const none = await t.request("POST", `/api/donors/${(await buildDonor(t, a.org.id)).id}/stages/preview`, {
      cookie: a.officer.cookie,
      body: { stage: "Connection", prepNotes: "x" },
    });
    expect(none.json().prompt).not.toContain("Recent interactions");
  });
});

describe("npm run demo", () => {
  it("loads a few months of contact reports for the demo donors and keeps their Last Contact", async () => {
    const org = await buildUser(t, { role: "org_owner" });
    const officer = await buildUser(t, { role: "org_officer", organizationId: org.organizationId });
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push((await buildDonor(t, org.organizationId!, { lastName: `Demo${i}` })).id);
    const made = await seedDemoContacts(t.app, org.organizationId!, [org.userId, officer.userId], 8);
    expect(made).toBeGreaterThanOrEqual(8);
    const rows = await t.db.select().from(contactReports).where(eq(contactReports.organizationId, org.organizationId!));
    expect(rows).toHaveLength(made);
    expect(new Set(rows.map((r) => r.type)).size).toBeGreaterThan(3);
    const dates = rows.map((r) => r.contactDate).sort();
    expect(dates.at(-1)! <= daysAgo(0)).toBe(true);
    expect(dates[0]! <= daysAgo(90)).toBe(true); // months, not days
    for (const id of ids.slice(0, 8)) {
      const latest = rows
        .filter((r) => r.donorId === id)
        .map((r) => r.contactDate)
        .sort()
        .at(-1);
      expect(await lastContactOf(id)).toBe(latest);
    }
    expect(await lastContactOf(ids[9]!)).toBeNull();
    // Run again: nothing added.
    expect(await seedDemoContacts(t.app, org.organizationId!, [org.userId], 8)).toBe(0);
  });
});
