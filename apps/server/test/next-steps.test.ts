// Issue 15, Next steps (docs/RULES.md, Next steps): adding, listing, done / snooze / reassign, deleting,
// who may do each, and where it is recorded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { addDays, NEXT_STEP_MESSAGES } from "@cultivate/shared";
import { donors, nextSteps, stages, userActions } from "../src/db/schema.ts";
import { todayIso } from "../src/services/next-steps/service.ts";
import { seedDemoNextSteps } from "../src/demo/next-steps.ts";
import { buildDonor, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationPeople } from "./fixtures.ts";

let t: TestApp;
let a: OrganizationPeople;
let b: OrganizationPeople;
let donor: string;
let managed: string;
let foreign: string;
const today = todayIso();

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await twoOrganizations(t, { names: ["Steps A", "Steps B"], records: false }));
  donor = (await buildDonor(t, a.org.id, { firstName: "Ada", lastName: "Lovelace" })).id;
  managed = (await buildDonor(t, a.org.id, { firstName: "Managed" })).id;
  foreign = (await buildDonor(t, b.org.id, { firstName: "Foreign" })).id;
  const res = await t.request("PUT", `/api/donors/${managed}/relationship-manager`, {
    cookie: a.owner.cookie,
    body: { userId: a.officer.userId },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const create = (cookie: string | undefined, donorId: string, body: Record<string, unknown>) =>
  t.request("POST", `/api/donors/${donorId}/next-steps`, { cookie, body });
const patch = (cookie: string | undefined, id: string, body: Record<string, unknown>) =>
  t.request("PATCH", `/api/next-steps/${id}`, { cookie, body });
const list = (cookie: string | undefined, query = "") => t.request("GET", `/api/next-steps${query}`, { cookie });

describe("adding a next step", () => {
  it("the owner defaults to the donor's relationship manager, else whoever adds it", async () => {
    const res = await create(a.manager.cookie, managed, { title: "Call about the gala", dueDate: addDays(today, 3) });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(NEXT_STEP_MESSAGES.created);
    expect(res.json().nextStep).toMatchObject({
      title: "Call about the gala",
      status: "open",
      donorId: managed,
      donorName: expect.stringMatching(/^Managed/),
      owner: { id: a.officer.userId, email: a.officer.email },
      permissions: { edit: true },
    });
    const own = await create(a.officer.cookie, donor, { title: "  Send the report  ", dueDate: today });
    expect(own.statusCode).toBe(201);
    expect(own.json().nextStep.owner.id).toBe(a.officer.userId);
    expect(own.json().nextStep.title).toBe("Send the report");
  });

  it("from a recommendation: the record must be this donor's", async () => {
    const [rec] = await t.db
      .insert(stages)
      .values({ donorId: donor, organizationId: a.org.id, stageName: "Discovery", aiOutput: "1. Call her" })
      .returning();
    const ok = await create(a.officer.cookie, donor, {
      title: "Call her",
      dueDate: addDays(today, 7),
      stageRecordId: rec!.id,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().nextStep.stageRecordId).toBe(rec!.id);
    const wrong = await create(a.officer.cookie, managed, { title: "x", dueDate: today, stageRecordId: rec!.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(NEXT_STEP_MESSAGES.stageRecordMismatch);
  });

  it.each([
    [{ title: "", dueDate: today }, NEXT_STEP_MESSAGES.titleRequired],
    [{ title: "   ", dueDate: today }, NEXT_STEP_MESSAGES.titleRequired],
    [{ title: "x".repeat(501), dueDate: today }, NEXT_STEP_MESSAGES.titleTooLong],
    [{ title: "Call", dueDate: "2026-02-30" }, NEXT_STEP_MESSAGES.dueDateInvalid],
    [{ title: "Call", dueDate: "tomorrow" }, NEXT_STEP_MESSAGES.dueDateInvalid],
    [{ title: "Call", dueDate: addDays(today, 4000) }, NEXT_STEP_MESSAGES.dueDateTooFar],
  ])("%j is refused with one sentence", async (body, message) => {
    const res = await create(a.officer.cookie, donor, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("an owner who is not an officer, manager or owner of the donor's organisation is refused", async () => {
    for (const ownerId of [b.officer.userId, a.applicant.userId, "nobody"]) {
      const res = await create(a.owner.cookie, donor, { title: "Call", dueDate: today, ownerId });
      expect(res.statusCode, ownerId).toBe(400);
      expect(res.json().message).toBe(NEXT_STEP_MESSAGES.ownerIneligible);
    }
  });

  it("another organisation's donor 404; signed out 401; not approved 403; no role 403", async () => {
    expect((await create(a.officer.cookie, foreign, { title: "x", dueDate: today })).statusCode).toBe(404);
    expect((await create(undefined, donor, { title: "x", dueDate: today })).statusCode).toBe(401);
    expect((await create(a.applicant.cookie, donor, { title: "x", dueDate: today })).statusCode).toBe(403);
    const plain = await buildUser(t, { organizationId: a.org.id });
    expect((await create(plain.cookie, donor, { title: "x", dueDate: today })).statusCode).toBe(403);
    const rows = await t.db.select().from(nextSteps).where(eq(nextSteps.donorId, foreign));
    expect(rows).toHaveLength(0);
  });
});

describe("done, snooze, reassign, delete", () => {
  it("the owner marks it done and reopens it; snoozing moves the due date; each is in the action history", async () => {
    const id = (await create(a.officer.cookie, donor, { title: "Thank her", dueDate: today })).json().nextStep.id;
    const done = await patch(a.officer.cookie, id, { status: "done" });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(NEXT_STEP_MESSAGES.done);
    expect(done.json().nextStep.status).toBe("done");
    expect(done.json().nextStep.completedAt).not.toBeNull();
    const reopened = await patch(a.officer.cookie, id, { status: "open" });
    expect(reopened.json().nextStep).toMatchObject({ status: "open", completedAt: null });
    const snoozed = await patch(a.officer.cookie, id, { dueDate: addDays(today, 14) });
    expect(snoozed.json().nextStep.dueDate).toBe(addDays(today, 14));
    await t.app.activity.flush();
    const names = (
      await t.db
        .select({ n: userActions.actionName, org: userActions.organizationId })
        .from(userActions)
        .where(and(eq(userActions.resourceType, "next_step"), eq(userActions.resourceId, id)))
    ).map((r) => `${r.n}@${r.org === a.org.id ? "A" : "?"}`);
    expect(names.sort()).toEqual(
      ["next_step_create@A", "next_step_done@A", "next_step_reopen@A", "next_step_snooze@A"].sort(),
    );
  });

  it("managers and owners change anyone's step; an officer only their own or one they added (403)", async () => {
    const id = (await create(a.owner.cookie, donor, { title: "Visit", dueDate: today, ownerId: a.owner.userId })).json()
      .nextStep.id;
    const officerTry = await patch(a.officer.cookie, id, { status: "done" });
    expect(officerTry.statusCode).toBe(403);
    expect(officerTry.json().message).toBe(NEXT_STEP_MESSAGES.forbidden);
    expect((await t.request("DELETE", `/api/next-steps/${id}`, { cookie: a.officer.cookie })).statusCode).toBe(403);
    const listed = (await t.request("GET", `/api/donors/${donor}/next-steps`, { cookie: a.officer.cookie })).json();
    expect(listed.items.find((s: { id: string }) => s.id === id).permissions.edit).toBe(false);

    const reassigned = await patch(a.manager.cookie, id, { ownerId: a.officer.userId });
    expect(reassigned.statusCode).toBe(200);
    expect(reassigned.json().nextStep.owner.id).toBe(a.officer.userId);
    // Now the officer's: they may finish it.
    expect((await patch(a.officer.cookie, id, { status: "done" })).statusCode).toBe(200);
    expect((await patch(a.manager.cookie, id, { ownerId: b.officer.userId })).json().message).toBe(
      NEXT_STEP_MESSAGES.ownerIneligible,
    );
    const del = await t.request("DELETE", `/api/next-steps/${id}`, { cookie: a.owner.cookie });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(NEXT_STEP_MESSAGES.deleted);
    expect((await patch(a.owner.cookie, id, { status: "open" })).statusCode).toBe(404);
  });

  it("another organisation's step is 404 to everyone there but admins; an empty change is 400", async () => {
    const id = (await create(a.officer.cookie, donor, { title: "Lunch", dueDate: today })).json().nextStep.id;
    const res = await patch(b.owner.cookie, id, { status: "done" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NEXT_STEP_MESSAGES.notFound);
    expect((await t.request("DELETE", `/api/next-steps/${id}`, { cookie: b.manager.cookie })).statusCode).toBe(404);
    expect((await patch(a.officer.cookie, "not-a-uuid", { status: "done" })).statusCode).toBe(404);
    expect((await patch(a.officer.cookie, id, {})).statusCode).toBe(400);
    expect((await patch(b.admin.cookie, id, { title: "Lunch with Ada" })).statusCode).toBe(200);
  });
});

describe("the officer's list", () => {
  it("mine by default, by due date; overdue and this week; owners and managers may ask for anyone's", async () => {
    const mine = await list(a.officer.cookie, "?window=open");
    expect(mine.statusCode).toBe(200);
    const items = mine.json().items as { owner: { id: string }; dueDate: string; status: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((s) => s.owner.id === a.officer.userId && s.status === "open")).toBe(true);
    expect(items.map((s) => s.dueDate)).toEqual([...items.map((s) => s.dueDate)].sort());

    const late = await create(a.officer.cookie, donor, { title: "Overdue call", dueDate: addDays(today, -3) });
    expect(late.statusCode).toBe(201);
    const overdue = (await list(a.officer.cookie, "?window=overdue")).json().items as { title: string }[];
    expect(overdue.map((s) => s.title)).toContain("Overdue call");
    const week = (await list(a.officer.cookie, "?window=week")).json().items as { dueDate: string }[];
    expect(week.every((s) => s.dueDate >= today && s.dueDate <= addDays(today, 7))).toBe(true);

    const forbidden = await list(a.officer.cookie, `?owner=${a.owner.userId}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(NEXT_STEP_MESSAGES.forbiddenOthers);
    expect((await list(a.officer.cookie, "?owner=all")).statusCode).toBe(403);
    const everyone = (await list(a.manager.cookie, "?owner=all")).json().items as { organizationId: string }[];
    expect(everyone.length).toBeGreaterThan(items.length);
    expect(everyone.every((s) => s.organizationId === a.org.id)).toBe(true);
    // B's owner asking for A's officer sees nothing of A.
    expect((await list(b.owner.cookie, `?owner=${a.officer.userId}`)).json().items).toEqual([]);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(a.applicant.cookie)).statusCode).toBe(403);
  });
});

describe("the demo's next steps", () => {
  it("gives each portfolio holder overdue, this week's, later and done steps on their own donors, once", async () => {
    const { a: demo } = await twoOrganizations(t, { names: ["Demo Steps A", "Demo Steps B"], records: false });
    for (let i = 0; i < 14; i++) {
      const id = (await buildDonor(t, demo.org.id, { firstName: `Demo${i}` })).id;
      await t.db.update(donors).set({ relationshipManagerId: demo.officer.userId }).where(eq(donors.id, id));
    }
    expect(await seedDemoNextSteps(t.app, demo.org.id)).toBe(12);
    const rows = await t.db.select().from(nextSteps).where(eq(nextSteps.organizationId, demo.org.id));
    expect(rows.every((r) => r.ownerId === demo.officer.userId)).toBe(true);
    const open = rows.filter((r) => r.status === "open");
    expect(open.filter((r) => r.dueDate < today)).toHaveLength(3);
    expect(open.filter((r) => r.dueDate >= today && r.dueDate <= addDays(today, 7))).toHaveLength(4);
    expect(rows.filter((r) => r.status === "done")).toHaveLength(2);
    expect(await seedDemoNextSteps(t.app, demo.org.id)).toBe(0);
  });
});
