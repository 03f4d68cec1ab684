import { Readable } from "node:stream";
import { and, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { RoleName } from "@cultivate/shared";
import { plural, STAGES } from "@cultivate/shared";
import {
  donorGroupMembers,
  donorGroups,
  donorImportBatches,
  donors,
  organizations,
  roles,
  stages,
  userProfiles,
  userRoles,
  users,
} from "../db/schema.ts";
import { OfflineProvider } from "../ai/offline-provider.ts";
import { stageContext } from "../services/stages/context.ts";
import { generateDonorCsv } from "./generate.ts";
import { seedDemoContacts } from "./contacts.ts";
import { seedDemoNextSteps } from "./next-steps.ts";
import { seedDemoBoards } from "./board.ts";
import { seedDemoSlowStages } from "./today.ts";

export const DEMO_ORG = "Demo Foundation";
export const DEMO_SECOND_ORG = "Riverside Arts Council";
export const DEMO_PASSWORD = "cultivate-demo";
// Names, so the screens read as they will with real people ("Maria Lopez archived Spring Gala", issue 14).
export const DEMO_USERS: { email: string; name: string; role: RoleName; org: "demo" | "second" | null }[] = [
  { email: "admin@demo.cultivate.local", name: "Alex Morgan", role: "admin", org: "demo" },
  { email: "owner@demo.cultivate.local", name: "Maria Lopez", role: "org_owner", org: "demo" },
  { email: "manager@demo.cultivate.local", name: "Sam Patel", role: "org_manager", org: "demo" },
  { email: "officer@demo.cultivate.local", name: "Jordan Lee", role: "org_officer", org: "demo" },
  { email: "officer2@demo.cultivate.local", name: "Riley Chen", role: "org_officer", org: "demo" },
  { email: "owner@riverside.cultivate.local", name: "Priya Shah", role: "org_owner", org: "second" },
];

async function ensureOrg(app: FastifyInstance, name: string) {
  await app.db.insert(organizations).values({ name }).onConflictDoNothing();
  const [org] = await app.db
    .select()
    .from(organizations)
    .where(sql`lower(${organizations.name}) = lower(${name})`);
  return org!;
}

async function ensureUser(
  app: FastifyInstance,
  { email, name, role }: { email: string; name: string; role: RoleName },
  organizationId: string | null,
) {
  const ctx = await app.auth.$context;
  let found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!found) {
    const u = await ctx.internalAdapter.createUser({ email, name, emailVerified: true }, {
      method: "admin",
    } as never);
    await ctx.internalAdapter.linkAccount({
      userId: u.id,
      providerId: "credential",
      accountId: u.id,
      password: await ctx.password.hash(DEMO_PASSWORD),
    });
    found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  }
  const userId = found!.user.id;
  await app.db.update(users).set({ name }).where(eq(users.id, userId));
  await app.db
    .insert(userProfiles)
    .values({ id: userId, organizationId, onboardingStatus: "approved" })
    .onConflictDoUpdate({
      target: userProfiles.id,
      set: { organizationId, onboardingStatus: "approved", updatedAt: new Date() },
    });
  const [r] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
  await app.db.delete(userRoles).where(eq(userRoles.userId, userId));
  await app.db.insert(userRoles).values({ userId, roleId: r!.id });
  return userId;
}

async function importDemoDonors(
  app: FastifyInstance,
  organizationId: string,
  rows: number,
  seed: number,
  userId: string | null,
) {
  const [{ n }] = (await app.db
    .select({ n: count() })
    .from(donors)
    .where(eq(donors.organizationId, organizationId))) as [{ n: number }];
  if (n > 0) return n;
  const upload = await app.donorImportJobs.spoolUpload(Readable.from(generateDonorCsv(rows, seed)));
  const [batch] = await app.db
    .insert(donorImportBatches)
    .values({ id: upload.id, organizationId, userId, fileName: "demo-donors.csv", rowsTotal: upload.rowsTotal })
    .returning();
  await app.donorImportJobs.runImport(batch!.id); // here, not as a queued job: the loader waits for it
  const [{ m }] = (await app.db
    .select({ m: count() })
    .from(donors)
    .where(eq(donors.organizationId, organizationId))) as [{ m: number }];
  return m;
}

/**
 * Loads the demo: "Demo Foundation" with 1,000 generated donors (some with stage records and a
 * group), "Riverside Arts Council" with 50 donors of its own, and one approved user per role.
 * Safe to run again: existing data is kept.
 */
export async function seedDemo(app: FastifyInstance) {
  const demo = await ensureOrg(app, DEMO_ORG);
  const second = await ensureOrg(app, DEMO_SECOND_ORG);
  const ids = new Map<string, string>();
  for (const u of DEMO_USERS)
    ids.set(u.email, await ensureUser(app, u, u.org === "demo" ? demo.id : u.org === "second" ? second.id : null));
  // Each organisation's owner "ran" its import and made its group: the history and the groups name someone.
  const demoOwner = ids.get("owner@demo.cultivate.local") ?? null;
  const demoCount = await importDemoDonors(app, demo.id, 1000, 7, demoOwner);
  const secondCount = await importDemoDonors(
    app,
    second.id,
    50,
    11,
    ids.get("owner@riverside.cultivate.local") ?? null,
  );

  const [hasStages] = await app.db.select({ n: count() }).from(stages).where(eq(stages.organizationId, demo.id));
  if (!hasStages?.n) {
    const some = await app.db
      .select()
      .from(donors)
      .where(eq(donors.organizationId, demo.id))
      .orderBy(donors.lastName, donors.firstName)
      .limit(40);
    // Issue 14: each record is written by a real provider, the built-in offline planner, so the history
    // names who wrote it (never "Unknown provider").
    const planner = new OfflineProvider();
    const values = [];
    for (const [i, d] of some.entries()) {
      const previous: { stageName: string; aiOutput: string; createdAt: string }[] = [];
      for (const [k, stageName] of STAGES.slice(0, (i % 5) + 1).entries()) {
        const prepNotes = k === 0 ? null : "Demo preparation notes";
        const createdAt = new Date(Date.now() - (5 - k) * 86_400_000);
        const context = stageContext(d, stageName, { campaignName: null, campaignGoal: null, prepNotes, previous });
        const { text, model } = await planner.generate({ prompt: "", context });
        previous.push({ stageName, aiOutput: text, createdAt: createdAt.toISOString() });
        values.push({
          donorId: d.id,
          organizationId: demo.id,
          stageName,
          aiOutput: text,
          prepNotes,
          provider: planner.id,
          model,
          createdAt,
        });
      }
    }
    if (values.length) await app.db.insert(stages).values(values);
    const [g] = await app.db
      .insert(donorGroups)
      .values({ name: "Gala attendees", organizationId: demo.id, userId: demoOwner })
      .returning();
    await app.db
      .insert(donorGroupMembers)
      .values(some.slice(0, 12).map((d) => ({ donorGroupId: g!.id, donorId: d.id })));
  }
  const portfolios = await seedPortfolios(app, demo.id, [
    // Issue 15: the officers hold most portfolios, the manager a few; the richest donors stay unassigned so
    // the owner's dashboard has someone to hand out.
    [ids.get("officer@demo.cultivate.local"), 60],
    [ids.get("officer2@demo.cultivate.local"), 45],
    [ids.get("manager@demo.cultivate.local"), 20],
  ]);
  // Issue 15: a few months of contact reports by the demo organisation's owner, manager and officer.
  await seedDemoContacts(
    app,
    demo.id,
    ["owner@demo.cultivate.local", "manager@demo.cultivate.local", "officer@demo.cultivate.local"].flatMap(
      (e) => ids.get(e) ?? [],
    ),
  );
  // Issue 15: open, overdue and done next steps for the portfolio holders.
  await seedDemoNextSteps(app, demo.id);
  // Issue 15: campaigns with donors in every column of the pipeline board.
  const boards = await seedDemoBoards(app, demo.id, {
    officer: ids.get("officer@demo.cultivate.local"),
    owner: ids.get("owner@demo.cultivate.local"),
  });
  // Issue 15: something in each of Today's donor lists for the portfolio holders.
  await seedDemoSlowStages(
    app,
    demo.id,
    ["officer@demo.cultivate.local", "officer2@demo.cultivate.local", "manager@demo.cultivate.local"].flatMap(
      (e) => ids.get(e) ?? [],
    ),
  );
  const [{ groups }] = (await app.db
    .select({ groups: count() })
    .from(donorGroups)
    .where(and(eq(donorGroups.organizationId, demo.id)))) as [{ groups: number }];
  return {
    demo: { id: demo.id, name: demo.name, donors: demoCount, groups, portfolios, boards },
    second: { id: second.id, name: second.name, donors: secondCount },
    users: DEMO_USERS,
    password: DEMO_PASSWORD,
  };
}

/** How many of the highest-capacity donors the demo leaves without a relationship manager. */
const DEMO_UNASSIGNED_TOP = 15;

/**
 * Portfolios (issue 15; docs/RULES.md, Portfolios), once: the donors by capacity, highest first; the first
 * DEMO_UNASSIGNED_TOP stay unassigned, the next ones are dealt to the managers in turn until each has their
 * share. Returns the number of assigned donors.
 */
async function seedPortfolios(
  app: FastifyInstance,
  organizationId: string,
  shares: [string | undefined, number][],
): Promise<number> {
  const [assigned] = await app.db
    .select({ n: count() })
    .from(donors)
    .where(and(eq(donors.organizationId, organizationId), isNotNull(donors.relationshipManagerId)));
  if (assigned?.n) return assigned.n;
  const wanted = shares.filter((s): s is [string, number] => !!s[0]);
  const total = wanted.reduce((n, [, k]) => n + k, 0);
  const ranked = await app.db
    .select({ id: donors.id })
    .from(donors)
    .where(eq(donors.organizationId, organizationId))
    .orderBy(sql`${donors.estimatedCapacity} DESC NULLS LAST`, donors.id)
    .offset(DEMO_UNASSIGNED_TOP)
    .limit(total);
  const left = new Map(wanted);
  const byManager = new Map<string, string[]>(wanted.map(([id]) => [id, []]));
  let turn = 0;
  for (const { id } of ranked) {
    // Round robin over the managers who still have room: each gets donors of every size.
    for (let tries = 0; tries < wanted.length; tries++, turn++) {
      const manager = wanted[turn % wanted.length]![0];
      if ((left.get(manager) ?? 0) > 0) {
        byManager.get(manager)!.push(id);
        left.set(manager, left.get(manager)! - 1);
        turn++;
        break;
      }
    }
  }
  for (const [manager, donorIds] of byManager)
    if (donorIds.length)
      await app.db
        .update(donors)
        .set({ relationshipManagerId: manager })
        .where(and(eq(donors.organizationId, organizationId), inArray(donors.id, donorIds)));
  return ranked.length;
}

export function printDemo(summary: Awaited<ReturnType<typeof seedDemo>>, appUrl: string) {
  const lines = [
    "",
    `Demo data loaded: "${summary.demo.name}" (${plural(summary.demo.donors, "donor")}) and "${summary.second.name}" (${plural(summary.second.donors, "donor")}).`,
    `${plural(summary.demo.portfolios, "donor")} of "${summary.demo.name}" have a relationship manager; the ${DEMO_UNASSIGNED_TOP} with the highest capacity do not.`,
    ...summary.demo.boards.map(
      (b) => `Campaign "${b.name}": cards per board column ${b.columns.join(" / ")} (Discovery … Complete).`,
    ),
    `Sign in at ${appUrl}/login with any of these (password: ${summary.password}):`,
    ...summary.users.map((u) => `  ${u.role.padEnd(12)} ${u.email}`),
    "",
  ];
  console.log(lines.join("\n"));
}
