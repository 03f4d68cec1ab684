/**
 * The tenant matrix's one table (issue 11, "Tests the project keeps"): for every route of the
 * OpenAPI document, who may call it on which record, and the status each call must get.
 *
 *   actors  : admin, owner, manager, officer (all of organisation A), applicant (submitted, not
 *             approved, linked to A with org_officer as onboarding does), plain (approved, in A,
 *             no role), anon (no session)
 *   records : own (A's record), other (organisation B's record), random (a uuid nobody has),
 *             colleague (A's campaign owned by A's owner: officers see only their own), mixed
 *             (A's record in the path, B's in the body or second id), none (the route names no record)
 *
 * The statuses are the rules of issue 11 and the roles table of docs/RULES.md, Roles, not
 * "whatever the code does today". A route of the OpenAPI document without a row here, or a row
 * whose route is gone, fails tenant-matrix.test.ts.
 */
import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import {
  campaignGoals,
  campaigns,
  contactReports,
  donors,
  donorGroups,
  donorImportBatches,
  emailOutbox,
  issues,
  nextSteps,
  organizations,
  roles,
  savedDonorGroups,
  userProfiles,
  userRoles,
  users,
} from "../src/db/schema.ts";
import { validOnboarding, type TestApp } from "./helpers.ts";

export const ACTORS = ["admin", "owner", "manager", "officer", "applicant", "plain", "anon"] as const;
export type ActorName = (typeof ACTORS)[number];
export type RecordKind = "own" | "other" | "random" | "colleague" | "mixed" | "none";
/** One status, or the few a cell accepts (each listed on purpose, with a comment). */
export type Status = number | readonly number[];
export type Grid = Partial<Record<RecordKind, Record<ActorName, Status>>>;

export type Fixture = {
  orgA: { id: string; name: string };
  orgB: { id: string; name: string };
  donorA: string;
  donorB: string;
  groupA: string;
  groupB: string;
  savedA: string;
  savedB: string;
  /** A's campaign owned by A's officer ("own" for everyone in A). */
  campaignA: string;
  /** A's campaign owned by A's owner: a colleague's campaign for the officer. */
  colleagueCampaignA: string;
  campaignB: string;
  batchA: string;
  batchB: string;
  /** Support issues submitted by A's / B's member (not by any actor). */
  issueA: string;
  issueB: string;
  /** Users the user-management routes act on (never one of the actors). */
  memberA: string;
  memberB: string;
  /** An action row of B's member (updateAction / trackAction with a foreign id). */
  actionB: string;
  /** One action row per signed-in actor, for updateAction on one's own row. */
  ownAction: Partial<Record<ActorName, string>>;
  userIds: Partial<Record<ActorName, string>>;
};

export type Ctx = { t: TestApp; f: Fixture; cookie: (a: ActorName) => string | undefined };

export type CellRequest = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON body (sent with content-type application/json). */
  body?: unknown;
  /** A raw body with its content type (CSV uploads). */
  raw?: { payload: string; contentType: string };
};

export type CellInput = { record: RecordKind; actor: ActorName };

export type Row =
  | { exempt: string }
  | {
      records: readonly RecordKind[];
      expect: Grid;
      request?: (ctx: Ctx, cell: CellInput) => CellRequest | Promise<CellRequest>;
      /** 1 = state-changing, non-destructive (runs first); 2 = reads (run after, so they see what writes left); 3 = deletes (last). */
      phase?: 1 | 2 | 3;
      /**
       * The part of a 2xx JSON body where an officer must not meet a colleague's campaign (default: all of it).
       * A donor's stage records are the donor's shared history and may name any campaign of the organisation.
       */
      officerView?: (body: any) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any -- each row reads its own response shape
      /** Runs after the cell (e.g. waits for a background import to finish, so the next cell is not refused as busy). */
      after?: (ctx: Ctx, cell: CellInput, response: { statusCode: number; body: string }) => Promise<void>;
    };

// ---------------------------------------------------------------- grid builders

const SIGNED_IN: readonly ActorName[] = ["admin", "owner", "manager", "officer", "applicant", "plain"];
/** The four roles (docs/RULES.md, Roles): donors, groups, stage records, imports and campaigns, approved only. */
const FOUR_ROLES: readonly ActorName[] = ["admin", "owner", "manager", "officer"];
/** Action history (docs/RULES.md, Roles). */
const STAFF: readonly ActorName[] = ["admin", "owner", "manager"];
/** Approved accounts (an organisation's list of support issues). */
const APPROVED: readonly ActorName[] = ["admin", "owner", "manager", "officer", "plain"];

type GateOptions = {
  /** What an admin gets on another organisation's record (admins may name any organisation): default `ok`. */
  adminOther?: Status;
  /** What an allowed actor gets for a random id: default 404. */
  random?: Status | Partial<Record<ActorName, Status>>;
  /** Per-cell exceptions, written out. */
  override?: Partial<Record<RecordKind, Partial<Record<ActorName, Status>>>>;
};

/**
 * The usual shape: no session → 401; an actor the rule does not allow → 403 whatever the record
 * (the role is checked before the record is looked up); an allowed actor → `ok` on its own
 * organisation's record, 404 on another organisation's (admins: `adminOther`), 404 on a random id,
 * and on a colleague's campaign `ok` except for the officer (404).
 */
function gate(
  ok: Status,
  allowed: readonly ActorName[],
  records: readonly RecordKind[],
  options: GateOptions = {},
): Grid {
  const grid: Grid = {};
  for (const record of records) {
    const row = {} as Record<ActorName, Status>;
    for (const actor of ACTORS) {
      if (actor === "anon") row[actor] = 401;
      else if (!allowed.includes(actor)) row[actor] = 403;
      else if (record === "own" || record === "none") row[actor] = ok;
      else if (record === "other") row[actor] = actor === "admin" ? (options.adminOther ?? ok) : 404;
      else if (record === "colleague") row[actor] = actor === "officer" ? 404 : ok;
      else if (record === "mixed")
        row[actor] = 404; // the two records belong to different organisations: nobody, not even an admin, may join them
      else {
        const r = options.random;
        row[actor] =
          r === undefined
            ? 404
            : typeof r === "object" && !Array.isArray(r)
              ? ((r as Record<string, Status>)[actor] ?? 404)
              : (r as Status);
      }
    }
    grid[record] = row;
  }
  for (const [record, cells] of Object.entries(options.override ?? {})) {
    Object.assign(grid[record as RecordKind]!, cells);
  }
  return grid;
}

/** Every signed-in actor gets `status` whatever the record; no session → 401. */
const signedIn = (status: Status) =>
  Object.fromEntries(ACTORS.map((a) => [a, a === "anon" ? 401 : status])) as Record<ActorName, Status>;

/** No sign-in needed: everyone, signed in or not, gets `ok`. */
const open = (ok: Status): Grid => ({
  none: Object.fromEntries(ACTORS.map((a) => [a, ok])) as Record<ActorName, Status>,
});

// ---------------------------------------------------------------- record pickers

const rnd = () => crypto.randomUUID();
/** The organisation a list/create cell names: A's, B's, or one that does not exist. */
const orgOf = (f: Fixture, record: RecordKind) =>
  record === "other" ? f.orgB.id : record === "random" ? rnd() : f.orgA.id;
const pick = (f: Fixture, record: RecordKind, own: keyof Fixture, other: keyof Fixture) =>
  record === "other" ? (f[other] as string) : record === "random" ? rnd() : (f[own] as string);
const donorOf = (f: Fixture, r: RecordKind) => pick(f, r, "donorA", "donorB");
/** The campaign of a campaign cell: the officer's own, a colleague's (the owner's), B's, or none. */
const campaignOf = (f: Fixture, r: RecordKind) =>
  r === "colleague" ? f.colleagueCampaignA : pick(f, r, "campaignA", "campaignB");

/** The donor of a stage cell: A's for a colleague's campaign and for a mixed cell. */
const donorIn = (f: Fixture, r: RecordKind) => (r === "colleague" || r === "mixed" ? f.donorA : donorOf(f, r));
/** The campaign a stage cell names: as campaignOf, B's for a mixed cell, and the officer's own beside a random donor. */
const stageCampaign = (f: Fixture, r: RecordKind) =>
  r === "mixed" ? f.campaignB : r === "random" ? f.campaignA : campaignOf(f, r);

const campaignBody = (organizationId?: string) => ({
  name: `Matrix campaign ${rnd().slice(0, 8)}`,
  goal: "$10,000",
  startDate: "2026-01-01",
  endDate: "2026-12-31",
  ...(organizationId ? { organizationId } : {}),
});

async function roleId(t: TestApp, name: string) {
  const [r] = await t.db.select().from(roles).where(eq(roles.name, name));
  return r!.id;
}

/** Waits until no import job of the batch is queued, running or undoing (else the next cell would get 409 "busy"). */
async function settleImports(t: TestApp) {
  for (let i = 0; i < 200; i++) {
    const busy = await t.db
      .select({ id: donorImportBatches.id })
      .from(donorImportBatches)
      .where(inArray(donorImportBatches.status, ["queued", "running", "undoing"]));
    if (!busy.length) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("an import job did not finish within 5 s");
}

/** A throwaway record for a destructive cell, in A (own / colleague) or B (other); a random id otherwise. */
async function throwaway(
  ctx: Ctx,
  record: RecordKind,
  make: (organizationId: string, ownerUserId?: string) => Promise<string>,
) {
  if (record === "random") return rnd();
  if (record === "other") return make(ctx.f.orgB.id);
  return make(ctx.f.orgA.id, record === "colleague" ? ctx.f.userIds.owner : ctx.f.userIds.officer);
}

/** A contact report to edit or delete: as `throwaway`, on the organisation's donor; mixed: A's donor, B's report. */
async function contactCell(ctx: Ctx, record: RecordKind): Promise<CellRequest> {
  const make = async (organizationId: string, userId?: string) => {
    const donorId = organizationId === ctx.f.orgA.id ? ctx.f.donorA : ctx.f.donorB;
    const [r] = await ctx.t.db
      .insert(contactReports)
      .values({ organizationId, donorId, userId, type: "call", contactDate: "2026-01-05", summary: "<p>Matrix</p>" })
      .returning();
    return r!.id;
  };
  const reportId = record === "mixed" ? await make(ctx.f.orgB.id) : await throwaway(ctx, record, make);
  return { params: { id: record === "other" ? ctx.f.donorB : ctx.f.donorA, reportId } };
}
const contactBody = (actor: ActorName) => ({
  type: "meeting",
  date: "2026-01-06",
  participants: "",
  summary: `<p>Matrix contact by ${actor}</p>`,
});

const ADMIN_UNKNOWN_ORG_LIST = 200; // an admin naming an organisation that does not exist filters a list down to nothing: no data, no leak

// ---------------------------------------------------------------- the table

const auth = (why: string) => ({ exempt: `better-auth account route: ${why}` });

export const TABLE: Record<string, Row> = {
  // ---- better-auth (/api/auth/*): the signed-in account's own credentials; no organisation record in them.
  // Covered by auth.test.ts / admin-account.test.ts; calling them here would sign the actors out or change passwords.
  "POST /api/auth/sign-up/email": auth("creates an account; no organisation data"),
  "POST /api/auth/sign-in/email": auth("used by this test to sign every actor in"),
  "POST /api/auth/sign-out": auth("ends the caller's own session"),
  "POST /api/auth/request-password-reset": auth("answers the same for every address"),
  "GET /api/auth/reset-password/{token}": auth("a one-time token, no session"),
  "POST /api/auth/reset-password": auth("a one-time token, no session"),
  "GET /api/auth/get-session": auth("the caller's own session only"),
  "POST /api/auth/change-password": auth("the caller's own password; revokes sessions"),
  "POST /api/auth/two-factor/enable": auth("the caller's own second factor"),
  "POST /api/auth/two-factor/disable": auth("the caller's own second factor"),
  "POST /api/auth/two-factor/verify-totp": auth("the sign-in's second step"),
  "POST /api/auth/two-factor/verify-backup-code": auth("the sign-in's second step"),

  // ---- public and account
  "GET /api/config": { records: ["none"], expect: open(200) },
  "GET /api/health": { records: ["none"], expect: open(200) },
  "POST /api/test-email": { records: ["none"], expect: open(200), phase: 1 },
  "GET /api/me": { records: ["none"], expect: gate(200, SIGNED_IN, ["none"]) },
  // Everyone here has already submitted (or is approved): 409 "already submitted"; onboarding never moves anyone.
  "POST /api/onboarding": {
    records: ["own", "other"],
    phase: 1,
    expect: { own: signedIn(409), other: signedIn(409) },
    request: ({ f }, { record }) => ({
      // Another organisation's name in any letter case: it must never move or link anyone (item 1).
      body: validOnboarding({ organizationName: (record === "other" ? f.orgB.name : f.orgA.name).toLowerCase() }),
    }),
  },
  "GET /api/settings/ai-provider": { records: ["none"], expect: gate(200, SIGNED_IN, ["none"]) },
  "PUT /api/settings/ai-provider": {
    records: ["none"],
    phase: 1,
    expect: gate(200, ["admin"], ["none"]),
    request: () => ({ body: { provider: "offline" } }), // the provider already in force: the cell changes nothing
  },

  // ---- activity tracking: the caller's own action rows (no organisation record is read)
  "POST /api/functions/trackAction": {
    records: ["none", "other", "random"],
    phase: 1,
    // A browser-chosen id that is new creates the row (201); one of another user's rows is not theirs (404).
    expect: gate(201, SIGNED_IN, ["none", "other", "random"], { adminOther: 404, random: 201 }),
    request: ({ f }, { record }) => ({
      body: {
        actionType: "navigation",
        actionName: "page_view",
        ...(record === "other" ? { id: f.actionB } : record === "random" ? { id: rnd() } : {}),
      },
    }),
  },
  "POST /api/functions/updateAction": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, SIGNED_IN, ["own", "other", "random"], { adminOther: 404 }),
    request: ({ f }, { record, actor }) => ({
      body: {
        actionId: record === "own" ? (f.ownAction[actor] ?? rnd()) : record === "other" ? f.actionB : rnd(),
        duration_ms: 5,
      },
    }),
  },

  // ---- support issues: any signed-in user (docs/RULES.md, Support issues). An applicant (not approved) may ask for help,
  // but sees only the issues it submitted itself: naming its organisation → 403, A's other issues → 404.
  "GET /api/issues": {
    records: ["own", "other", "random"],
    expect: gate(200, APPROVED, ["own", "other", "random"], { random: { admin: ADMIN_UNKNOWN_ORG_LIST } }),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "POST /api/issues": {
    records: ["none"],
    phase: 1,
    expect: gate(201, SIGNED_IN, ["none"]),
    request: () => ({ body: { type: "bug", title: "Matrix issue", description: "Filed by the tenant matrix." } }),
  },
  "GET /api/issues/{id}": {
    records: ["own", "other", "random"],
    expect: gate(200, SIGNED_IN, ["own", "other", "random"], { override: { own: { applicant: 404 } } }),
    request: ({ f }, { record }) => ({ params: { id: pick(f, record, "issueA", "issueB") } }),
  },
  // Edit and delete: admin, owner, manager or the submitter (A's issue was submitted by a member, so officer and plain: 403).
  "PATCH /api/issues/{id}": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, SIGNED_IN, ["own", "other", "random"], {
      override: { own: { officer: 403, plain: 403, applicant: 404 } },
    }),
    request: ({ f }, { record }) => ({
      params: { id: pick(f, record, "issueA", "issueB") },
      body: { title: "Matrix issue (edited)" },
    }),
  },
  "DELETE /api/issues/{id}": {
    records: ["own", "other", "random"],
    phase: 3,
    expect: gate(200, SIGNED_IN, ["own", "other", "random"], {
      override: { own: { officer: 403, plain: 403, applicant: 404 } },
    }),
    request: async (ctx, { record }) => ({
      params: {
        id: await throwaway(ctx, record, async (organizationId) => {
          const [row] = await ctx.t.db
            .insert(issues)
            .values({
              organizationId,
              submittedByUserId: organizationId === ctx.f.orgA.id ? ctx.f.memberA : ctx.f.memberB,
              title: "Throwaway",
              description: "x",
              type: "bug",
            })
            .returning();
          return row!.id;
        }),
      },
    }),
  },

  // ---- action history: admin, owner, manager; owners and managers see their organisation only
  ...Object.fromEntries(
    ["GET /api/actions", "GET /api/actions/summary", "GET /api/actions/export"].map((key) => [
      key,
      {
        records: ["own", "other", "random"],
        expect: gate(200, STAFF, ["own", "other", "random"], { random: { admin: ADMIN_UNKNOWN_ORG_LIST } }),
        request: ({ f }: Ctx, { record }: CellInput) => ({ query: { organizationId: orgOf(f, record) } }),
      } satisfies Row,
    ]),
  ),
  "GET /api/actions/filter-options": { records: ["none"], expect: gate(200, STAFF, ["none"]) },

  // ---- user management: admin, org owner (docs/RULES.md, Administration); an owner's reach ends at their organisation (404)
  "GET /api/admin/users": {
    records: ["own", "other", "random"],
    expect: gate(200, ["admin", "owner"], ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "POST /api/admin/users": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(201, ["admin", "owner"], ["own", "other", "random"]),
    request: ({ f }, { record }) => ({
      body: {
        email: `matrix-${rnd().slice(0, 12)}@example.org`,
        password: "password123",
        confirmPassword: "password123",
        organizationId: orgOf(f, record),
      },
    }),
  },
  "PUT /api/admin/users/{id}/role": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, ["admin", "owner"], ["own", "other", "random"]),
    request: ({ f }, { record }) => ({
      params: { id: pick(f, record, "memberA", "memberB") },
      body: { role: "org_officer" },
    }),
  },
  "DELETE /api/admin/users/{id}/roles/{role}": {
    records: ["own", "other", "random"],
    phase: 3,
    expect: gate(200, ["admin", "owner"], ["own", "other", "random"]),
    request: async ({ t, f }, { record }) => {
      const id = pick(f, record, "memberA", "memberB");
      // The member must hold the role for the removal to be possible (an earlier cell may have removed it).
      if (record !== "random")
        await t.db
          .insert(userRoles)
          .values({ userId: id, roleId: await roleId(t, "org_officer") })
          .onConflictDoNothing();
      return { params: { id, role: "org_officer" } };
    },
  },
  // Moving users between organisations: admins only (an owner on their own member: 403; on another's: 404 first).
  "PUT /api/admin/users/{id}/organization": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, ["admin", "owner"], ["own", "other", "random"], { override: { own: { owner: 403 } } }),
    // The member's own organisation: nobody actually moves.
    request: ({ f }, { record }) => ({
      params: { id: pick(f, record, "memberA", "memberB") },
      body: { organizationId: record === "other" ? f.orgB.id : f.orgA.id },
    }),
  },
  "POST /api/admin/users/{id}/approve": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, ["admin", "owner"], ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: pick(f, record, "memberA", "memberB") } }),
  },

  // A throwaway applicant per cell.
  "POST /api/admin/users/{id}/decline": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, ["admin", "owner"], ["own", "other", "random"]),
    request: async ({ t, f }, { record }) => {
      if (record === "random") return { params: { id: rnd() } };
      const id = crypto.randomUUID();
      await t.db.insert(users).values({ id, name: "Applicant", email: `applicant-${id}@example.org` });
      await t.db
        .insert(userProfiles)
        .values({ id, organizationId: record === "other" ? f.orgB.id : f.orgA.id, onboardingStatus: "submitted" });
      await t.db.insert(userRoles).values({ userId: id, roleId: await roleId(t, "org_officer") });
      return { params: { id } };
    },
  },

  // ---- organisations, admin dashboard, prompts, AI provider: admin only
  "GET /api/admin/organizations": { records: ["none"], expect: gate(200, ["admin"], ["none"]) },
  "GET /api/admin/organizations/names": { records: ["none"], expect: gate(200, ["admin"], ["none"]) },
  // The email outbox: every organisation's mail, so admins only (docs/RULES.md, Email outbox).
  "GET /api/admin/outbox": { records: ["none"], expect: gate(200, ["admin"], ["none"]) },
  "GET /api/admin/outbox/{id}": {
    records: ["none", "random"],
    expect: gate(200, ["admin"], ["none", "random"]),
    request: async ({ t }, { record }) => {
      if (record === "random") return { params: { id: crypto.randomUUID() } };
      const [row] = await t.db
        .insert(emailOutbox)
        .values({ to: "matrix@example.org", subject: "Matrix", text: "Body", kind: "test", status: "stored" })
        .returning({ id: emailOutbox.id });
      return { params: { id: row!.id } };
    },
  },
  "POST /api/admin/organizations": {
    records: ["none"],
    phase: 1,
    expect: gate(201, ["admin"], ["none"]),
    request: () => ({ body: { name: `Matrix new org ${rnd().slice(0, 8)}` } }),
  },
  "PUT /api/admin/organizations/{id}": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, ["admin"], ["own", "other", "random"]),
    // Renamed to the name it has: nothing changes.
    request: ({ f }, { record }) => ({
      params: { id: orgOf(f, record) },
      body: { name: record === "other" ? f.orgB.name : f.orgA.name },
    }),
  },
  // Reads only.
  "GET /api/admin/organizations/{id}/delete-preview": {
    records: ["own", "other", "random"],
    expect: gate(200, ["admin"], ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: orgOf(f, record) } }),
  },
  "DELETE /api/admin/organizations/{id}": {
    records: ["own", "other", "random"],
    phase: 3,
    expect: gate(200, ["admin"], ["own", "other", "random"]),
    // Never A or B themselves: an empty throwaway organisation per cell.
    request: async ({ t }, { record }) => {
      if (record === "random") return { params: { id: rnd() } };
      const [org] = await t.db
        .insert(organizations)
        .values({ name: `Matrix throwaway ${rnd()}` })
        .returning();
      return { params: { id: org!.id } };
    },
  },
  "GET /api/admin/overview": { records: ["none"], expect: gate(200, ["admin"], ["none"]) },
  "GET /api/dashboards/owner": { records: ["none"], expect: gate(200, ["owner"], ["none"]) },
  "GET /api/dashboards/officer": { records: ["none"], expect: gate(200, ["officer"], ["none"]) },
  // Issue 15, Portfolios: owners, managers and admins; the organisation is named (admins: any that exists).
  "GET /api/dashboards/portfolios": {
    records: ["own", "other", "random"],
    expect: gate(200, STAFF, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "GET /api/prompts": { records: ["none"], expect: gate(200, ["admin"], ["none"]) },
  "PUT /api/prompts/{stage}": {
    records: ["none"],
    phase: 1,
    expect: gate(200, ["admin"], ["none"]),
    request: () => ({ params: { stage: "Connection" }, body: { promptText: `Matrix prompt ${rnd().slice(0, 8)}` } }),
  },
  "POST /api/prompts/{stage}/restore": {
    records: ["none"],
    phase: 1,
    expect: gate(200, ["admin"], ["none"]),
    request: async ({ t, cookie }) => {
      // Restore needs two versions: save two as the admin first.
      for (const n of [1, 2])
        await t.request("PUT", "/api/prompts/Deepening", {
          cookie: cookie("admin"),
          body: { promptText: `Matrix ${n}` },
        });
      return { params: { stage: "Deepening" } };
    },
  },
  "GET /api/prompts/{stage}/versions": {
    records: ["none"],
    expect: gate(200, ["admin"], ["none"]),
    request: () => ({ params: { stage: "Connection" } }),
  },

  // ---- donors (docs/RULES.md, Roles: the four roles; approved accounts only)
  "GET /api/donors": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"], { random: { admin: ADMIN_UNKNOWN_ORG_LIST } }),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  // The DS Rating filter's options (ADR 065): read as the list reads, so gated as the list is.
  "GET /api/donors/ds-ratings": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"], { random: { admin: ADMIN_UNKNOWN_ORG_LIST } }),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "GET /api/donors/export": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"], { random: { admin: ADMIN_UNKNOWN_ORG_LIST } }),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "GET /api/donors/{id}": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: donorOf(f, record) } }),
    officerView: (body) => ({ ...body, stages: undefined }),
  },
  "PUT /api/donors/{id}/notes": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record, actor }) => ({
      params: { id: donorOf(f, record) },
      body: { notes: `<p>Matrix note by ${actor}</p>` },
    }),
  },
  // Issue 15, Portfolios: owners, managers and admins assign; the user is A's officer on A's donor, else
  // "nobody" (null), which any organisation accepts, so the cell tests the gate and the donor only.
  "PUT /api/donors/{id}/relationship-manager": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, STAFF, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({
      params: { id: donorOf(f, record) },
      body: { userId: record === "own" ? f.userIds.officer : null },
    }),
  },
  // Issue 15, Portfolios: the names behind the Portfolio filter, for everyone who reads donors.
  "GET /api/donors/relationship-managers": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "POST /api/donors/relationship-manager": {
    records: ["own", "other", "random", "mixed"],
    phase: 1,
    // mixed (A's and B's donor): an admin sees both, and is told the list must be of one organisation.
    expect: gate(200, STAFF, ["own", "other", "random", "mixed"], { override: { mixed: { admin: 400 } } }),
    request: ({ f }, { record }) => ({
      body: {
        donorIds: record === "mixed" ? [f.donorA, f.donorB] : [donorOf(f, record)],
        userId: record === "own" ? f.userIds.officer : null,
      },
    }),
  },
  // Issue 15, Contact reports: the four roles log on a donor they see; the author, a manager, an owner or an admin
  // edits and deletes (colleague: a report by A's owner, which A's officer sees but may not change: 403).
  "GET /api/donors/{id}/contact-reports": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: donorOf(f, record) } }),
  },
  "POST /api/donors/{id}/contact-reports": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(201, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record, actor }) => ({
      params: { id: donorOf(f, record) },
      body: contactBody(actor),
    }),
  },
  "PUT /api/donors/{id}/contact-reports/{reportId}": {
    records: ["own", "other", "random", "colleague", "mixed"],
    phase: 1,
    expect: gate(200, FOUR_ROLES, ["own", "other", "random", "colleague", "mixed"], {
      override: { colleague: { officer: 403 } },
    }),
    request: async (ctx, { record, actor }) => ({ ...(await contactCell(ctx, record)), body: contactBody(actor) }),
  },
  "DELETE /api/donors/{id}/contact-reports/{reportId}": {
    records: ["own", "other", "random", "colleague", "mixed"],
    phase: 3,
    expect: gate(200, FOUR_ROLES, ["own", "other", "random", "colleague", "mixed"], {
      override: { colleague: { officer: 403 } },
    }),
    request: (ctx, { record }) => contactCell(ctx, record),
  },
  "POST /api/donors/imports": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(202, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({
      query: { targetOrganizationId: orgOf(f, record), fileName: "matrix.csv" },
      raw: { payload: `First Name,Last Name\r\nMatrix,Import${rnd().slice(0, 6)}\r\n`, contentType: "text/csv" },
    }),
    after: ({ t }) => settleImports(t),
  },
  "GET /api/donors/imports": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"], { random: { admin: ADMIN_UNKNOWN_ORG_LIST } }),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "GET /api/donors/imports/{id}": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: pick(f, record, "batchA", "batchB") } }),
  },
  // Issue 14: whoever ran the import (own: the officer's), or a manager, an owner or an admin; an officer may not
  // undo a colleague's import (colleague: A's owner's), which it can see: 403, not 404.
  "POST /api/donors/imports/{id}/undo": {
    records: ["own", "other", "random", "colleague"],
    phase: 1,
    expect: gate(202, FOUR_ROLES, ["own", "other", "random", "colleague"], {
      override: { colleague: { officer: 403 } },
    }),
    // A completed batch per cell (undo is once only); the undo job is waited for.
    request: async (ctx, { record }) => ({
      params: {
        id: await throwaway(ctx, record, async (organizationId, userId) => {
          const [b] = await ctx.t.db
            .insert(donorImportBatches)
            .values({
              organizationId,
              userId,
              status: "completed",
              fileName: "throwaway.csv",
              finishedAt: new Date(),
            })
            .returning();
          return b!.id;
        }),
      },
    }),
    after: ({ t }) => settleImports(t),
  },

  // ---- next steps (issue 15; the four roles, on donors they can see). A step of A's officer is "own"; a step
  // owned and added by A's owner is a colleague's: the officer sees it but may not change it (403).
  // The calendar link is the signed-in user's own (no organisation record in the path); the feed itself is
  // public, keyed by its secret: a made-up secret is 404 to everyone.
  "GET /api/account/calendar-feed": { records: ["none"], expect: gate(200, FOUR_ROLES, ["none"]) },
  "POST /api/account/calendar-feed": { records: ["none"], phase: 1, expect: gate(201, FOUR_ROLES, ["none"]) },
  "DELETE /api/account/calendar-feed": { records: ["none"], phase: 3, expect: gate(200, FOUR_ROLES, ["none"]) },
  "GET /api/calendar/{token}": {
    records: ["none"],
    expect: open(404),
    request: () => ({ params: { token: `${rnd().replaceAll("-", "")}.ics` } }),
  },
  // The officer's day (issue 15): the lists and the "no contact after N days" setting name the organisation
  // (admins: any that exists); the digest is the signed-in user's own.
  "GET /api/today": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "GET /api/organization/settings": {
    records: ["own", "other", "random"],
    expect: gate(200, STAFF, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "PUT /api/organization/settings": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, ["admin", "owner"], ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) }, body: { noContactDays: 90 } }),
  },
  "GET /api/account/digest": { records: ["none"], expect: gate(200, FOUR_ROLES, ["none"]) },
  "PUT /api/account/digest": {
    records: ["none"],
    phase: 1,
    expect: gate(200, FOUR_ROLES, ["none"]),
    request: () => ({ body: { weekday: 1, hour: 8, timeZone: "Europe/London" } }),
  },
  "DELETE /api/account/digest": { records: ["none"], phase: 3, expect: gate(200, FOUR_ROLES, ["none"]) },
  "GET /api/next-steps": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"], { random: { admin: ADMIN_UNKNOWN_ORG_LIST } }),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "GET /api/donors/{id}/next-steps": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: donorOf(f, record) } }),
  },
  "POST /api/donors/{id}/next-steps": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(201, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record, actor }) => ({
      params: { id: donorOf(f, record) },
      body: { title: `Matrix step by ${actor}`, dueDate: new Date().toISOString().slice(0, 10) },
    }),
  },
  ...Object.fromEntries(
    (
      [
        ["PATCH /api/next-steps/{id}", 1, { status: "done" }],
        ["DELETE /api/next-steps/{id}", 3, undefined],
      ] as const
    ).map(([key, phase, body]) => [
      key,
      {
        records: ["own", "other", "random", "colleague"],
        phase,
        expect: gate(200, FOUR_ROLES, ["own", "other", "random", "colleague"], {
          override: { colleague: { officer: 403 } },
        }),
        request: async (ctx: Ctx, { record }: CellInput) => ({
          params: {
            id: await throwaway(ctx, record, async (organizationId, userId) => {
              const [step] = await ctx.t.db
                .insert(nextSteps)
                .values({
                  organizationId,
                  donorId: organizationId === ctx.f.orgA.id ? ctx.f.donorA : ctx.f.donorB,
                  title: "Throwaway step",
                  dueDate: "2026-12-01",
                  ownerId: userId ?? null,
                  createdBy: userId ?? null,
                })
                .returning();
              return step!.id;
            }),
          },
          body,
        }),
      } satisfies Row,
    ]),
  ),

  // ---- donor groups (the four roles)
  "GET /api/donor-groups": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"], { random: { admin: ADMIN_UNKNOWN_ORG_LIST } }),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "POST /api/donor-groups": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(201, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({
      body: { name: `Matrix group ${rnd().slice(0, 8)}`, organizationId: orgOf(f, record) },
    }),
  },
  // Issue 14: its maker (own: the officer's group), a manager, an owner or an admin; an officer may not delete a
  // colleague's group (colleague: made by A's owner), which it can see: 403, not 404.
  "DELETE /api/donor-groups/{id}": {
    records: ["own", "other", "random", "colleague"],
    phase: 3,
    expect: gate(200, FOUR_ROLES, ["own", "other", "random", "colleague"], {
      override: { colleague: { officer: 403 } },
    }),
    request: async (ctx, { record }) => ({
      params: {
        id: await throwaway(ctx, record, async (organizationId, userId) => {
          const [g] = await ctx.t.db
            .insert(donorGroups)
            .values({ name: "Throwaway", organizationId, userId })
            .returning();
          return g!.id;
        }),
      },
    }),
  },
  ...Object.fromEntries(
    ["POST /api/donor-groups/{id}/members", "POST /api/donor-groups/{id}/members/remove"].map((key) => [
      key,
      {
        records: ["own", "other", "random", "mixed"],
        phase: 1,
        expect: gate(200, FOUR_ROLES, ["own", "other", "random", "mixed"]),
        // The group and a donor of the same organisation (a random group with A's donor); mixed: A's group, B's donor.
        request: ({ f }: Ctx, { record }: CellInput) => ({
          params: { id: record === "mixed" ? f.groupA : pick(f, record, "groupA", "groupB") },
          body: { donorIds: [record === "other" || record === "mixed" ? f.donorB : f.donorA] },
        }),
      } satisfies Row,
    ]),
  ),
  "GET /api/saved-donor-groups": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"], { random: { admin: ADMIN_UNKNOWN_ORG_LIST } }),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "POST /api/saved-donor-groups": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(201, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({
      body: {
        name: `Matrix saved ${rnd().slice(0, 8)}`,
        filterSettings: { minCapacity: 1000 },
        organizationId: orgOf(f, record),
      },
    }),
  },
  // Issue 14: as static groups, its maker, a manager, an owner or an admin.
  "DELETE /api/saved-donor-groups/{id}": {
    records: ["own", "other", "random", "colleague"],
    phase: 3,
    expect: gate(200, FOUR_ROLES, ["own", "other", "random", "colleague"], {
      override: { colleague: { officer: 403 } },
    }),
    request: async (ctx, { record }) => ({
      params: {
        id: await throwaway(ctx, record, async (organizationId, userId) => {
          const [s] = await ctx.t.db
            .insert(savedDonorGroups)
            .values({ name: "Throwaway", organizationId, userId, filterSettings: { minCapacity: 5 } })
            .returning();
          return s!.id;
        }),
      },
    }),
  },

  // ---- campaigns (docs/RULES.md, Campaigns: the four roles; an officer only the campaigns they own)
  "GET /api/campaigns": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ query: { organizationId: orgOf(f, record) } }),
  },
  "POST /api/campaigns": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(201, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ body: campaignBody(orgOf(f, record)) }),
  },
  "PATCH /api/campaigns/{id}": {
    records: ["own", "colleague", "other", "random"],
    phase: 1,
    expect: gate(200, FOUR_ROLES, ["own", "colleague", "other", "random"]),
    request: ({ f }, { record }) => ({
      params: { id: campaignOf(f, record) },
      body: { details: "Edited by the tenant matrix." },
    }),
  },
  "DELETE /api/campaigns/{id}": {
    records: ["own", "colleague", "other", "random"],
    phase: 3,
    expect: gate(204, FOUR_ROLES, ["own", "colleague", "other", "random"]),
    request: async (ctx, { record }) => ({
      params: {
        id: await throwaway(ctx, record, async (organizationId, ownerUserId) => {
          const [c] = await ctx.t.db
            .insert(campaigns)
            .values({
              name: "Throwaway",
              goal: "$1",
              startDate: "2026-01-01",
              endDate: "2026-12-31",
              organizationId,
              ownerUserId: ownerUserId ?? ctx.f.memberB,
            })
            .returning();
          return c!.id;
        }),
      },
    }),
  },
  "GET /api/campaigns/{id}/donors": {
    records: ["own", "colleague", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "colleague", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: campaignOf(f, record) } }),
  },

  // ---- pipeline board (issue 15): whoever sees the campaign; moves by the four roles, one column forward
  "GET /api/campaigns/{id}/board": {
    records: ["own", "colleague", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "colleague", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: campaignOf(f, record) } }),
  },
  "GET /api/campaigns/{id}/board/columns/{stage}": {
    records: ["own", "colleague", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "colleague", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: campaignOf(f, record), stage: "Discovery" } }),
  },
  "POST /api/campaigns/{id}/board/moves": {
    // Each cell moves a donor of its own, new in the campaign (in Discovery), so every allowed cell can succeed;
    // mixed: A's campaign with B's donor (not in it: 404 for everyone).
    records: ["own", "colleague", "other", "random", "mixed"],
    phase: 1,
    expect: gate(200, FOUR_ROLES, ["own", "colleague", "other", "random", "mixed"]),
    request: async ({ t, f }, { record }) => {
      const campaignId = record === "mixed" ? f.campaignA : campaignOf(f, record);
      const organizationId = record === "other" ? f.orgB.id : f.orgA.id;
      const [d] = await t.db
        .insert(donors)
        .values({
          organizationId: record === "mixed" ? f.orgB.id : organizationId,
          firstName: "Board",
          lastName: "Card",
        })
        .returning();
      if (record !== "random" && record !== "mixed")
        await t.db.insert(campaignGoals).values({ campaignId, donorId: d!.id, organizationId, goalText: "" });
      return { params: { id: campaignId }, body: { donorId: d!.id, toStage: "Connection", note: "Matrix move" } };
    },
  },

  // ---- stage workflow (the four roles on the organisation's donors; campaigns as above)
  "GET /api/donors/{id}/stage-workspace": {
    records: ["own", "other", "random"],
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: donorOf(f, record) } }),
    officerView: (body) => ({ ...body, stages: undefined }),
  },
  "PUT /api/donors/{id}/campaign-goals/{campaignId}": {
    records: ["own", "colleague", "other", "random", "mixed"],
    phase: 1,
    expect: gate(200, FOUR_ROLES, ["own", "colleague", "other", "random", "mixed"]),
    request: ({ f }, { record }) => ({
      params: { id: donorIn(f, record), campaignId: record === "mixed" ? f.campaignB : campaignOf(f, record) },
      body: { goalText: "Matrix goal" },
    }),
  },
  "POST /api/donors/{id}/stages/preview": {
    records: ["own", "colleague", "other", "random", "mixed"],
    phase: 1,
    expect: gate(200, FOUR_ROLES, ["own", "colleague", "other", "random", "mixed"]),
    request: ({ f }, { record }) => ({
      params: { id: donorIn(f, record) },
      body: { stage: "Discovery", campaignId: stageCampaign(f, record) },
    }),
  },
  "POST /api/donors/{id}/stages/generate": {
    records: ["own", "colleague", "other", "random", "mixed"],
    phase: 1,
    expect: gate(200, FOUR_ROLES, ["own", "colleague", "other", "random", "mixed"]),
    request: ({ f }, { record }) => ({
      params: { id: donorIn(f, record) },
      body: { stage: "Discovery", campaignId: stageCampaign(f, record), prompt: "Matrix prompt" },
    }),
  },
  "DELETE /api/donors/{id}/stages": {
    records: ["own", "other", "random"],
    phase: 3,
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ params: { id: donorOf(f, record) } }),
  },
  "POST /api/functions/generatePrompt": {
    records: ["own", "other", "random"],
    phase: 1,
    expect: gate(200, FOUR_ROLES, ["own", "other", "random"]),
    request: ({ f }, { record }) => ({ body: { donor: { id: donorOf(f, record) }, stage: "Discovery" } }),
  },
};
