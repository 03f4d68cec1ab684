// Issue 15, Pipeline board (docs/RULES.md, Pipeline board): the board's columns and cards, the manager
// filter, moving a card one column forward by a person's stage record, the refusals, who may see and move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  BOARD_COLUMNS,
  BOARD_MESSAGES,
  BOARD_PAGE,
  CAMPAIGN_MESSAGES,
  type Board,
  type BoardColumnCards,
} from "@cultivate/shared";
import { campaignGoals, campaigns, nextSteps, stages, userActions } from "../src/db/schema.ts";
import { seedDemoBoards } from "../src/demo/board.ts";
import { buildDonor, buildOrg, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationSide } from "./fixtures.ts";

let t: TestApp;
let a: OrganizationSide;
let b: OrganizationSide;
/** A's campaign owned by A's owner: a colleague's for A's officer. */
let ownersCampaign: string;
let fresh: string; // no stage records: Discovery
let deep: string; // Discovery and Connection done: Deepening
let done: string; // all five done: Complete
let outsider: string; // A's donor, not in the campaign
const DAY = 86_400_000;

async function addToCampaign(campaignId: string, donorId: string, organizationId: string) {
  await t.db.insert(campaignGoals).values({ campaignId, donorId, organizationId, goalText: "" });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await twoOrganizations(t));
  const org = a.org.id;
  const created = new Date(Date.now() - 40 * DAY);
  fresh = (
    await buildDonor(t, org, { firstName: "Fresh", lastName: "Start", estimatedCapacity: 9000, createdAt: created })
  ).id;
  deep = (
    await buildDonor(t, org, {
      firstName: "Deep",
      lastName: "Water",
      estimatedCapacity: 250_000,
      relationshipManagerId: a.officer.userId,
    })
  ).id;
  done = (await buildDonor(t, org, { firstName: "All", lastName: "Done", relationshipManagerId: a.manager.userId })).id;
  outsider = (await buildDonor(t, org, { firstName: "Not", lastName: "Here" })).id;
  for (const id of [fresh, deep, done]) await addToCampaign(a.campaign.id, id, org);
  await t.db.insert(stages).values([
    {
      donorId: deep,
      organizationId: org,
      stageName: "Discovery",
      aiOutput: "1. Call",
      createdAt: new Date(Date.now() - 20 * DAY),
    },
    {
      donorId: deep,
      organizationId: org,
      stageName: "Connection",
      aiOutput: "1. Visit",
      createdAt: new Date(Date.now() - 5 * DAY),
    },
    ...["Discovery", "Connection", "Deepening", "Solicitation", "Follow-Up"].map((stageName) => ({
      donorId: done,
      organizationId: org,
      stageName,
      aiOutput: "Plan",
    })),
  ]);
  await t.db.insert(nextSteps).values([
    { organizationId: org, donorId: deep, title: "Later", dueDate: "2030-05-01" },
    { organizationId: org, donorId: deep, title: "Sooner", dueDate: "2030-04-01" },
    { organizationId: org, donorId: deep, title: "Done already", dueDate: "2020-01-01", status: "done" },
  ]);
  const [c] = await t.db
    .insert(campaigns)
    .values({
      name: "Owner's campaign",
      goal: "$1",
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      organizationId: org,
      ownerUserId: a.owner.userId,
    })
    .returning();
  ownersCampaign = c!.id;
  await addToCampaign(ownersCampaign, fresh, org);
});
afterAll(async () => {
  await t?.close();
});

const board = (cookie: string | undefined, campaignId: string, query = "") =>
  t.request("GET", `/api/campaigns/${campaignId}/board${query}`, { cookie });
const move = (cookie: string | undefined, campaignId: string, body: Record<string, unknown>) =>
  t.request("POST", `/api/campaigns/${campaignId}/board/moves`, { cookie, body });
const columnOf = (b: Board, donorId: string) =>
  b.columns.find((c) => c.cards.some((x) => x.donorId === donorId))?.stage;

describe("the board", () => {
  it("has the six columns in order with a card per donor of the campaign, in its current stage", async () => {
    const res = await board(a.owner.cookie, a.campaign.id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Board;
    expect(body.columns.map((c) => c.stage)).toEqual([...BOARD_COLUMNS]);
    expect(body.columns.map((c) => c.count)).toEqual(body.columns.map((c) => c.cards.length));
    expect(columnOf(body, fresh)).toBe("Discovery");
    expect(columnOf(body, deep)).toBe("Deepening");
    expect(columnOf(body, done)).toBe("Complete");
    expect(columnOf(body, outsider)).toBeUndefined();
    // The fixture's own two donors are in no campaign goal: not on the board.
    expect(body.columns.flatMap((c) => c.cards)).toHaveLength(3);
    const card = body.columns.flatMap((c) => c.cards).find((x) => x.donorId === deep)!;
    expect(card).toMatchObject({
      name: "Deep Water",
      estimatedCapacity: 250_000,
      relationshipManager: { id: a.officer.userId, email: a.officer.email },
      nextStepDue: "2030-04-01",
    });
    // Days in stage: from the newest stage record (5 days ago), else from the donor's creation (40 days ago).
    expect(card.daysInStage).toBe(5);
    expect(body.columns[0]!.cards[0]).toMatchObject({ donorId: fresh, daysInStage: 40, nextStepDue: null });
    expect(body.managers.map((m) => m.id).sort()).toEqual([a.officer.userId, a.manager.userId].sort());
    expect(body.hasUnassigned).toBe(true);
    expect(body.permissions).toEqual({ move: true });
  });

  it("filters by relationship manager, or to the unassigned", async () => {
    const mine = (await board(a.officer.cookie, a.campaign.id, `?manager=${a.officer.userId}`)).json() as Board;
    expect(mine.columns.flatMap((c) => c.cards).map((c) => c.donorId)).toEqual([deep]);
    expect(mine.columns.find((c) => c.stage === "Deepening")!.count).toBe(1);
    expect(mine.managers).toHaveLength(2); // the filter's options stay whole
    const none = (await board(a.owner.cookie, a.campaign.id, "?manager=unassigned")).json() as Board;
    expect(none.columns.flatMap((c) => c.cards).map((c) => c.donorId)).toEqual([fresh]);
  });

  it("is seen by whoever sees the campaign: another organisation's or a colleague's (officer) is not found", async () => {
    expect((await board(b.owner.cookie, a.campaign.id)).statusCode).toBe(404);
    expect((await board(a.officer.cookie, ownersCampaign)).statusCode).toBe(404);
    expect((await board(a.manager.cookie, ownersCampaign)).statusCode).toBe(200);
    expect((await board(a.applicant.cookie, a.campaign.id)).statusCode).toBe(403);
    expect((await board(undefined, a.campaign.id)).statusCode).toBe(401);
    expect((await board(b.admin.cookie, a.campaign.id)).statusCode).toBe(200); // admins see every organisation
  });
});

describe("a campaign with more cards than a column shows (ADR 078)", () => {
  let big: string;
  const capacities: number[] = []; // Discovery's, largest first
  beforeAll(async () => {
    const org = a.org.id;
    const [c] = await t.db
      .insert(campaigns)
      .values({ name: "Big campaign", goal: "$9", startDate: "2026-01-01", endDate: "2026-12-31", organizationId: org })
      .returning();
    big = c!.id;
    // 60 in Discovery (one without a capacity, sorted last), 2 in Connection of whom one is the officer's.
    for (let i = 0; i < 60; i++) {
      const cap = i === 59 ? null : 1000 * ((i * 37) % 59) + i;
      const d = await buildDonor(t, org, { firstName: `Big${i}`, lastName: "Card", estimatedCapacity: cap });
      await addToCampaign(big, d.id, org);
      if (cap !== null) capacities.push(cap);
    }
    capacities.sort((x, y) => y - x);
    for (const manager of [a.officer.userId, null]) {
      const d = await buildDonor(t, org, { firstName: "Connected", relationshipManagerId: manager });
      await addToCampaign(big, d.id, org);
      await t.db.insert(stages).values({ donorId: d.id, organizationId: org, stageName: "Discovery", aiOutput: "1." });
    }
  });
  const column = (cookie: string | undefined, campaignId: string, stage: string, query = "") =>
    t.request("GET", `/api/campaigns/${campaignId}/board/columns/${encodeURIComponent(stage)}${query}`, { cookie });

  it("shows each column's count and its first 50 cards, the highest capacity first", async () => {
    const body = (await board(a.owner.cookie, big)).json() as Board;
    const discovery = body.columns.find((c) => c.stage === "Discovery")!;
    expect(discovery.count).toBe(60);
    expect(discovery.cards).toHaveLength(BOARD_PAGE);
    expect(discovery.cards.map((c) => c.estimatedCapacity)).toEqual(capacities.slice(0, BOARD_PAGE));
    expect(body.columns.map((c) => [c.stage, c.count])).toEqual(
      BOARD_COLUMNS.map((s) => [s, s === "Discovery" ? 60 : s === "Connection" ? 2 : 0]),
    );
    expect(body.columns.find((c) => c.stage === "Connection")!.cards).toHaveLength(2);
  });

  it("gives one column further on: the same order, up to the limit, the donor without a capacity last", async () => {
    const res = await column(a.owner.cookie, big, "Discovery", "?limit=100");
    expect(res.statusCode).toBe(200);
    const all = res.json() as BoardColumnCards;
    expect(all.stage).toBe("Discovery");
    expect(all.count).toBe(60);
    expect(all.cards).toHaveLength(60);
    expect(all.cards.slice(0, 59).map((c) => c.estimatedCapacity)).toEqual(capacities);
    expect(all.cards[59]).toMatchObject({ name: "Big59 Card", estimatedCapacity: null, stage: "Discovery" });
    const first = (await column(a.owner.cookie, big, "Discovery")).json() as BoardColumnCards;
    expect(first.cards.map((c) => c.donorId)).toEqual(all.cards.slice(0, BOARD_PAGE).map((c) => c.donorId));
    const few = (await column(a.owner.cookie, big, "Discovery", "?limit=3")).json() as BoardColumnCards;
    expect(few.cards.map((c) => c.donorId)).toEqual(all.cards.slice(0, 3).map((c) => c.donorId));
    expect(few.count).toBe(60);
  });

  it("counts and shows a column under the manager filter; an empty column has no cards", async () => {
    const mine = (await column(a.owner.cookie, big, "Connection", `?manager=${a.officer.userId}`)).json();
    expect(mine).toMatchObject({ stage: "Connection", count: 1 });
    expect((mine as BoardColumnCards).cards[0]!.relationshipManager?.id).toBe(a.officer.userId);
    expect((await column(a.owner.cookie, big, "Discovery", "?manager=unassigned")).json()).toMatchObject({
      count: 60,
    });
    expect((await column(a.owner.cookie, big, "Complete")).json()).toEqual({
      stage: "Complete",
      count: 0,
      cards: [],
    });
  });

  it("refuses a limit outside 1-1000 or an unknown column, and is seen only by whoever sees the campaign", async () => {
    for (const q of ["?limit=0", "?limit=1001", "?limit=2.5", "?limit=many"])
      expect((await column(a.owner.cookie, big, "Discovery", q)).statusCode, q).toBe(400);
    expect((await column(a.owner.cookie, big, "Nowhere")).statusCode).toBe(400);
    expect((await column(a.owner.cookie, big, "Follow-Up")).statusCode).toBe(200);
    expect((await column(b.owner.cookie, big, "Discovery")).statusCode).toBe(404);
    expect((await column(a.officer.cookie, ownersCampaign, "Discovery")).statusCode).toBe(404);
    expect((await column(a.applicant.cookie, big, "Discovery")).statusCode).toBe(403);
    expect((await column(undefined, big, "Discovery")).statusCode).toBe(401);
  });
});

describe("moving a card", () => {
  it("one column forward records the donor's current stage by a person, with the note and no AI output", async () => {
    const res = await move(a.officer.cookie, a.campaign.id, {
      donorId: fresh,
      toStage: "Connection",
      note: "  Met her at the spring lunch.  ",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: BOARD_MESSAGES.moved("Fresh Start", "Connection"),
      card: { donorId: fresh, stage: "Connection", daysInStage: 0 },
    });
    const [rec] = await t.db.select().from(stages).where(eq(stages.id, res.json().recordId));
    expect(rec).toMatchObject({
      donorId: fresh,
      organizationId: a.org.id,
      stageName: "Discovery",
      kind: "person",
      note: "Met her at the spring lunch.",
      aiOutput: null,
      promptResponse: null,
      provider: null,
      campaignId: a.campaign.id,
      userId: a.officer.userId,
    });
    expect(columnOf((await board(a.owner.cookie, a.campaign.id)).json(), fresh)).toBe("Connection");

    await t.app.activity.flush();
    const [row] = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.actionName, "board_move"), eq(userActions.resourceId, fresh)));
    expect(row).toMatchObject({
      organizationId: a.org.id,
      userId: a.officer.userId,
      actionType: "donor_management",
      resourceType: "donor",
      success: true,
    });
    expect(row!.details).toMatchObject({ campaignId: a.campaign.id, fromStage: "Discovery", toStage: "Connection" });
  });

  it("the donor page's history names who recorded it and shows the note", async () => {
    const ws = (await t.request("GET", `/api/donors/${fresh}/stage-workspace`, { cookie: a.owner.cookie })).json();
    expect(ws.currentStage).toBe("Connection");
    const rec = ws.stages.find((s: { kind: string }) => s.kind === "person");
    expect(rec).toMatchObject({ stageName: "Discovery", note: "Met her at the spring lunch.", aiOutput: null });
    expect(rec.userEmail).toBe(a.officer.email);
    const record = (await t.request("GET", `/api/donors/${fresh}`, { cookie: a.owner.cookie })).json();
    expect(record.stages[0]).toMatchObject({ kind: "person", note: "Met her at the spring lunch." });
    expect(record.stages[0].recordedBy).toBeTruthy(); // the engagement timeline's "Recorded by …"
  });

  it("the next prompt carries the person's note among the earlier stages", async () => {
    const res = await t.request("POST", `/api/donors/${fresh}/stages/preview`, {
      cookie: a.owner.cookie,
      body: { stage: "Connection", campaignId: a.campaign.id, prepNotes: "Lunch follow-up" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().prompt).toContain("Met her at the spring lunch.");
  });

  it.each([
    ["the same column", "Connection", BOARD_MESSAGES.sameColumn("Connection")],
    ["backwards", "Discovery", BOARD_MESSAGES.backwards("Connection", "Discovery")],
    ["skipping a column", "Solicitation", BOARD_MESSAGES.skip("Connection", "Deepening")],
  ])("refuses %s with its sentence and writes nothing", async (_what, toStage, message) => {
    const before = await t.db.select().from(stages).where(eq(stages.donorId, fresh));
    const res = await move(a.owner.cookie, a.campaign.id, { donorId: fresh, toStage, note: "x" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message });
    expect(await t.db.select().from(stages).where(eq(stages.donorId, fresh))).toHaveLength(before.length);
  });

  it("refuses a move from Complete, and records refusals in the action history", async () => {
    const res = await move(a.owner.cookie, a.campaign.id, { donorId: done, toStage: "Complete", note: "x" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOARD_MESSAGES.complete);
    await t.app.activity.flush();
    const [row] = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.actionName, "board_move"), eq(userActions.resourceId, done)));
    expect(row).toMatchObject({ success: false, errorMessage: BOARD_MESSAGES.complete });
  });

  it("moves from Follow-Up to Complete", async () => {
    const d = (await buildDonor(t, a.org.id, { firstName: "Almost" })).id;
    await addToCampaign(a.campaign.id, d, a.org.id);
    await t.db.insert(stages).values(
      ["Discovery", "Connection", "Deepening", "Solicitation"].map((stageName) => ({
        donorId: d,
        organizationId: a.org.id,
        stageName,
        aiOutput: "Plan",
      })),
    );
    const res = await move(a.manager.cookie, a.campaign.id, { donorId: d, toStage: "Complete", note: "Thanked" });
    expect(res.statusCode).toBe(200);
    expect(res.json().card.stage).toBe("Complete");
  });

  it.each([
    [{ note: "" }, BOARD_MESSAGES.noteRequired],
    [{ note: "    " }, BOARD_MESSAGES.noteRequired],
    [{ note: undefined }, BOARD_MESSAGES.noteRequired],
    [{ note: "x".repeat(501) }, BOARD_MESSAGES.noteTooLong],
  ])("needs a short note (%#)", async (over, message) => {
    const res = await move(a.owner.cookie, a.campaign.id, { donorId: deep, toStage: "Solicitation", ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a donor not in the campaign, another organisation's campaign, a colleague's (officer) and the unapproved", async () => {
    const body = { donorId: outsider, toStage: "Connection", note: "x" };
    const notIn = await move(a.owner.cookie, a.campaign.id, body);
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().message).toBe(BOARD_MESSAGES.notInCampaign);
    // B's donor named on A's board: the same answer, nothing about B.
    const foreign = await move(a.owner.cookie, a.campaign.id, { ...body, donorId: b.donors[0].id });
    expect(foreign.statusCode).toBe(404);
    const other = await move(b.owner.cookie, a.campaign.id, { ...body, donorId: deep, toStage: "Solicitation" });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(CAMPAIGN_MESSAGES.notFound);
    const colleague = await move(a.officer.cookie, ownersCampaign, { ...body, donorId: fresh, toStage: "Deepening" });
    expect(colleague.statusCode).toBe(404);
    expect((await move(a.applicant.cookie, a.campaign.id, { ...body, donorId: deep })).statusCode).toBe(403);
    expect((await move(undefined, a.campaign.id, { ...body, donorId: deep })).statusCode).toBe(401);
    expect(await t.db.select().from(stages).where(eq(stages.donorId, outsider))).toHaveLength(0);
  });

  it("refuses moves on an archived campaign, whose board says so", async () => {
    await t.db.update(campaigns).set({ isArchived: true }).where(eq(campaigns.id, ownersCampaign));
    const view = (await board(a.owner.cookie, ownersCampaign)).json() as Board;
    expect(view.permissions.move).toBe(false);
    const res = await move(a.owner.cookie, ownersCampaign, { donorId: fresh, toStage: "Deepening", note: "x" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOARD_MESSAGES.archived);
  });

  it("two moves of the same card at once record the stage once", async () => {
    const body = { donorId: deep, toStage: "Solicitation", note: "Both clicked" };
    const [r1, r2] = await Promise.all([
      move(a.owner.cookie, a.campaign.id, body),
      move(a.manager.cookie, a.campaign.id, body),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const recs = await t.db
      .select()
      .from(stages)
      .where(and(eq(stages.donorId, deep), eq(stages.stageName, "Deepening")));
    expect(recs).toHaveLength(1);
  });
});

describe("the demo", () => {
  it("gives campaigns with donors in every column of the board, some moved on by a person", async () => {
    const org = (await buildOrg(t, `Demo board ${Date.now()}`)).id;
    const manager = a.officer.userId;
    const staged = [];
    for (let i = 0; i < 10; i++) {
      const d = await buildDonor(t, org, { lastName: `Staged${i}`, relationshipManagerId: manager });
      staged.push(d.id);
      await t.db
        .insert(stages)
        .values(
          ["Discovery", "Connection", "Deepening", "Solicitation", "Follow-Up"]
            .slice(0, (i % 5) + 1)
            .map((stageName) => ({ donorId: d.id, organizationId: org, stageName, aiOutput: "Plan" })),
        );
    }
    for (let i = 0; i < 14; i++)
      await buildDonor(t, org, { lastName: `Fresh${i}`, relationshipManagerId: manager, estimatedCapacity: 1000 + i });
    const boards = await seedDemoBoards(t.app, org, { officer: a.officer.userId, owner: a.owner.userId });
    expect(boards.map((b) => b.name)).toEqual(["Spring Gala 2026", "Capital Campaign"]);
    for (const b of boards) for (const n of b.columns) expect(n).toBeGreaterThan(0);
    const person = await t.db
      .select()
      .from(stages)
      .where(and(eq(stages.organizationId, org), eq(stages.kind, "person")));
    expect(person.length).toBeGreaterThan(0);
    expect(person.every((r) => r.note && r.aiOutput === null)).toBe(true);
    expect(await seedDemoBoards(t.app, org, { officer: a.officer.userId, owner: a.owner.userId })).toEqual([]);
  });
});
