/**
 * The tenant matrix (issue 11): every route of the OpenAPI document × seven actors × own /
 * another organisation's / random records, each cell's status checked against the table in
 * tenant-matrix.table.ts. A 2xx body must also carry nothing of organisation B (for anyone but
 * the admin) and, for an officer, nothing of a colleague's campaign.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  campaignGoals,
  campaigns,
  donorGroupMembers,
  donorGroups,
  donorImportBatches,
  issues,
  roles,
  savedDonorGroups,
  stages,
  userActions,
  userProfiles,
  userRoles,
  users,
} from "../src/db/schema.ts";
import type { RoleName } from "@cultivate/shared";
import { buildUser, createTestApp, signIn, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationSide } from "./fixtures.ts";
import {
  ACTORS,
  TABLE,
  type ActorName,
  type CellInput,
  type Ctx,
  type Fixture,
  type RecordKind,
  type Row,
  type Status,
} from "./tenant-matrix.table.ts";

type Cell = {
  key: string;
  actor: ActorName;
  record: RecordKind;
  expected: Status;
  got: number;
  leak?: string;
  note?: string;
};

let t: TestApp;
let f: Fixture;
const cookies: Partial<Record<ActorName, string>> = {};
/** Strings only B's records carry; and the name and id of the officer's colleague's campaign. */
let bMarkers: string[] = [];
let colleagueMarkers: string[] = [];

const tag = () => crypto.randomBytes(4).toString("hex");

async function buildFixture(): Promise<Fixture> {
  // A and B with an owner, a manager, an officer, an applicant (what onboarding does today: linked to the
  // organisation named, org_officer, status submitted) and an admin each, two donors and the officer's campaign.
  const { a: sideA, b: sideB } = await twoOrganizations(t, {
    names: [`Matrix Org A ${tag()}`, `Matrix Org B ${tag()}`],
  });
  const orgA = sideA.org;
  const orgB = sideB.org;
  const member = async (
    role: RoleName | undefined,
    organizationId: string,
    status: "submitted" | "approved" = "approved",
  ) => {
    const userId = crypto.randomUUID();
    await t.db
      .insert(users)
      .values({ id: userId, name: `Member ${tag()}`, email: `member-${tag()}-${tag()}@example.org` });
    await t.db.insert(userProfiles).values({ id: userId, organizationId, onboardingStatus: status });
    if (role) {
      const [r] = await t.db.select().from(roles).where(eq(roles.name, role));
      await t.db.insert(userRoles).values({ userId, roleId: r!.id });
    }
    return { userId };
  };
  // The seven actors: all in A (the admin too, so its actions on B's records show where they are filed).
  const actors = {
    admin: sideA.admin,
    owner: sideA.owner,
    manager: sideA.manager,
    officer: sideA.officer,
    applicant: sideA.applicant,
    plain: await buildUser(t, { organizationId: orgA.id }),
  };
  // B has users of every role too (its officer owns B's campaign); no request of the matrix is sent as them.
  // The users user management acts on: approved, no role.
  const memberA = await member(undefined, orgA.id);
  const memberB = await member(undefined, orgB.id);

  for (const a of Object.keys(actors) as (keyof typeof actors)[]) {
    cookies[a] = await signIn(t, actors[a].email, actors[a].password); // the real sign-in route
  }

  // The fixture's first donor (in a group, with a stage and a goal) and its officer's campaign, and the rest.
  const side = async (fixture: OrganizationSide, submitter: string) => {
    const { org, marker: m } = fixture;
    const donor = fixture.donors[0];
    const ownerId = fixture.owner.userId;
    const [group] = await t.db
      .insert(donorGroups)
      .values({ name: `Group ${m}`, organizationId: org.id, userId: ownerId })
      .returning();
    await t.db.insert(donorGroupMembers).values({ donorGroupId: group!.id, donorId: donor.id });
    const [saved] = await t.db
      .insert(savedDonorGroups)
      .values({ name: `Saved ${m}`, organizationId: org.id, userId: ownerId, filterSettings: { minCapacity: 100 } })
      .returning();
    const campaignRow = (name: string, owner: string) => ({
      name,
      goal: "$50,000",
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      organizationId: org.id,
      ownerUserId: owner,
    });
    const campaign = fixture.campaign;
    const [colleague] = await t.db
      .insert(campaigns)
      .values(campaignRow(`Colleague campaign ${m}`, ownerId))
      .returning();
    await t.db.insert(stages).values({
      donorId: donor.id,
      organizationId: org.id,
      stageName: "Discovery",
      aiOutput: `Plan ${m}`,
      campaignId: campaign.id,
    });
    await t.db
      .insert(campaignGoals)
      .values({ campaignId: campaign.id, donorId: donor.id, organizationId: org.id, goalText: `Goal ${m}` });
    const [batch] = await t.db
      .insert(donorImportBatches)
      .values({
        organizationId: org.id,
        userId: ownerId,
        fileName: `import-${m}.csv`,
        status: "completed",
        finishedAt: new Date(),
      })
      .returning();
    const [issue] = await t.db
      .insert(issues)
      .values({
        organizationId: org.id,
        submittedByUserId: submitter,
        title: `Issue ${m}`,
        description: `About ${m}`,
        type: "bug",
      })
      .returning();
    return {
      m,
      donor: donor.id,
      group: group!.id,
      saved: saved!.id,
      campaign: campaign.id,
      colleague: colleague!,
      batch: batch!.id,
      issue: issue!.id,
    };
  };
  const a = await side(sideA, memberA.userId);
  const b = await side(sideB, memberB.userId);

  const [actionB] = await t.db
    .insert(userActions)
    .values({ userId: memberB.userId, organizationId: orgB.id, actionType: "navigation", actionName: "page_view" })
    .returning();
  const ownAction: Fixture["ownAction"] = {};
  for (const [name, u] of Object.entries(actors)) {
    const [row] = await t.db
      .insert(userActions)
      .values({ userId: u.userId, organizationId: orgA.id, actionType: "navigation", actionName: "page_view" })
      .returning();
    ownAction[name as ActorName] = row!.id;
  }

  // B's marker is in every name of B's records (organisation, donors, groups, campaigns, issue, import).
  bMarkers = [orgB.name, b.m];
  colleagueMarkers = [a.colleague.name, a.colleague.id];
  return {
    orgA: { id: orgA.id, name: orgA.name },
    orgB: { id: orgB.id, name: orgB.name },
    donorA: a.donor,
    donorB: b.donor,
    groupA: a.group,
    groupB: b.group,
    savedA: a.saved,
    savedB: b.saved,
    campaignA: a.campaign,
    colleagueCampaignA: a.colleague.id,
    campaignB: b.campaign,
    batchA: a.batch,
    batchB: b.batch,
    issueA: a.issue,
    issueB: b.issue,
    memberA: memberA.userId,
    memberB: memberB.userId,
    actionB: actionB!.id,
    ownAction,
    userIds: Object.fromEntries(Object.entries(actors).map(([k, v]) => [k, v.userId])),
  };
}

/** "METHOD /path" of every operation in the OpenAPI document under /api. */
function documentedRoutes(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const keys: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/")) continue;
    for (const method of Object.keys(operations)) {
      if (["get", "post", "put", "patch", "delete"].includes(method)) keys.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return keys;
}

const statusOk = (expected: Status, got: number) =>
  typeof expected === "number" ? expected === got : expected.includes(got);

async function runCell(key: string, row: Exclude<Row, { exempt: string }>, cell: CellInput): Promise<Cell> {
  const ctx: Ctx = { t, f, cookie: (a) => cookies[a] };
  const expected = row.expect[cell.record]![cell.actor];
  const req = row.request ? await row.request(ctx, cell) : {};
  const [method, template] = key.split(" ") as [string, string];
  let url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = req.params?.[name];
    if (value === undefined) throw new Error(`${key}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  if (req.query) url += `?${new URLSearchParams(req.query).toString()}`;
  const cookie = cookies[cell.actor];
  const res = await t.app.inject({
    method: method as "GET",
    url,
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    headers: {
      origin: t.config.appUrl,
      ...(cookie ? { cookie } : {}),
      ...(req.raw
        ? { "content-type": req.raw.contentType }
        : req.body !== undefined
          ? { "content-type": "application/json" }
          : {}),
    },
    ...(req.raw ? { payload: req.raw.payload } : req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
  });
  const result: Cell = { key, ...cell, expected, got: res.statusCode };
  if (!statusOk(expected, res.statusCode)) result.note = res.body.slice(0, 140).replace(/\s+/g, " ");
  // No other organisation's data (nor, for an officer, a colleague's campaign) in a successful answer.
  if (res.statusCode < 300 && cell.actor !== "admin" && cell.actor !== "anon") {
    const found = bMarkers.find((m) => res.body.includes(m));
    if (found) {
      result.leak = found;
      if (process.env.MATRIX_DEBUG)
        console.log(
          key,
          res.body
            .split("\n")
            .filter((l) => l.includes(found))
            .join("\n"),
        );
    }
    if (!found && (cell.actor === "officer" || cell.actor === "applicant")) {
      const view = row.officerView ? JSON.stringify(row.officerView(JSON.parse(res.body))) : res.body;
      result.leak = colleagueMarkers.find((m) => view.includes(m));
    }
  }
  if (row.after) await row.after(ctx, cell, { statusCode: res.statusCode, body: res.body });
  return result;
}

const describeCell = (c: Cell) =>
  `${c.key.padEnd(52)} ${c.actor.padEnd(9)} ${c.record.padEnd(9)} ` +
  (statusOk(c.expected, c.got)
    ? ""
    : `expected ${JSON.stringify(c.expected)}, got ${c.got}${c.note ? `  ${c.note}` : ""}`) +
  (c.leak ? `the ${c.got} answer carries "${c.leak}" (another organisation's or a colleague's record)` : "");

describe("tenant matrix (issue 11): every route × actor × record", () => {
  const results: Cell[] = [];

  beforeAll(async () => {
    const s0 = Date.now();
    t = await createTestApp();
    const s1 = Date.now();
    f = await buildFixture();
    if (process.env.MATRIX_TIMING) console.info(`app ${s1 - s0} ms, fixture ${Date.now() - s1} ms`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("has exactly one table row per route of the OpenAPI document", () => {
    const documented = documentedRoutes();
    const missing = documented.filter((k) => !(k in TABLE));
    const stale = Object.keys(TABLE).filter((k) => !documented.includes(k));
    const problems = [
      ...missing.map((k) => `route without a row in tenant-matrix.table.ts: ${k}`),
      ...stale.map((k) => `row for a route the OpenAPI document no longer has: ${k}`),
    ];
    expect(problems, problems.join("\n")).toEqual([]);
    expect(documented.length).toBeGreaterThan(50);
  });

  it("answers every cell as the table says", async () => {
    const started = Date.now();
    const documented = new Set(documentedRoutes());
    const rows = Object.entries(TABLE).filter(
      (e): e is [string, Exclude<Row, { exempt: string }>] => !("exempt" in e[1]) && documented.has(e[0]),
    );
    const phaseOf = (key: string, row: Exclude<Row, { exempt: string }>) =>
      row.phase ?? (key.startsWith("GET ") ? 2 : key.startsWith("DELETE ") ? 3 : 1);
    rows.sort((a, b) => phaseOf(...a) - phaseOf(...b));
    const perRoute: [string, number][] = [];
    for (const [key, row] of rows) {
      const s0 = Date.now();
      for (const record of row.records) {
        for (const actor of ACTORS) results.push(await runCell(key, row, { record, actor }));
      }
      perRoute.push([key, Date.now() - s0]);
    }
    if (process.env.MATRIX_TIMING)
      console.info(
        perRoute
          .sort((a, b) => b[1] - a[1])
          .slice(0, 15)
          .map(([k, ms]) => `${ms} ms ${k}`)
          .join("\n"),
      );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const wrong = (c: Cell) => !statusOk(c.expected, c.got);
    const real = results.filter((c) => wrong(c) || c.leak);
    const exempt = Object.values(TABLE).filter((r) => "exempt" in r).length;
    console.info(
      `tenant matrix: ${rows.length} routes (${exempt} exempt), ${results.length} cells in ${seconds} s; ` +
        `${results.length - real.length} as declared, ${real.length} wrong`,
    );
    expect(
      real.map(describeCell),
      `${real.length} cells of the tenant matrix are wrong:\n${real.map(describeCell).join("\n")}`,
    ).toEqual([]);
  }, 300_000);
});
