// Fuzz test over every route of the OpenAPI document (issue 11, "Tests the project keeps").
//
// fast-check generates bad requests for each route that `app.swagger()` lists (the better-auth routes
// included, so a route added later is covered without touching this file): wrong types, NUL characters,
// unpaired surrogates, huge and tiny numbers, impossible dates, deep nesting, 1 MB strings, unknown
// fields, wrong or missing content types, malformed JSON, and bad path parameters (another
// organisation's ids, random uuids, garbage). Most are sent as a signed-in, approved owner of
// organisation A; the rest as A's manager, officer, an applicant, an approved user without a role, an
// admin (of a third organisation) and no session. Asserted for every request:
//   - no response ≥ 500 (every AI provider is configured, against fake servers), and no request that
//     fails to complete (a stream cut off mid-way);
//   - a 200 CSV export is complete (every row has the header's number of cells, ends with a line end),
//     a JSON answer parses;
//   - an error is `{ error, message }` whose message carries no SQL, no "Failed query" and no stack.
// After the run, organisation B's rows (every table, found through its organization_id, user_id or
// donor_id columns) must be exactly as before.
//
// FUZZ_SEED replays a run (the seed is printed); FUZZ_RUNS sets the number of requests (default 2,000).
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ACTION_TYPES, donorFilterSettingsSchema, ISSUE_TYPES, ROLE_NAMES, STAGES } from "@cultivate/shared";
import { roles, userProfiles, userRoles, organizations } from "../src/db/schema.ts";
import { rowsOf } from "../src/db/rows.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, signIn, type TestApp } from "./helpers.ts";
import { startFakeAiServer, type FakeAiServer } from "./fake-ai-servers.ts";

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 2000;
const MB = 1_000_000;

// ------------------------------------------------------------------ the OpenAPI document

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  $ref?: string;
  additionalProperties?: boolean | Schema;
};
type Param = { name: string; in: "path" | "query"; schema?: Schema; required?: boolean };
type Route = { method: string; path: string; params: Param[]; body: Schema | null; bodyTypes: string[] };

function routesOf(doc: {
  paths: Record<
    string,
    Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
}): Route[] {
  const out: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: content["application/json"]?.schema ?? null,
        bodyTypes: Object.keys(content),
      });
    }
  }
  return out;
}

// ------------------------------------------------------------------ values

const nestedArrays = (n: number) => "[".repeat(n) + "]".repeat(n);
const nestedObjects = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);

/** Values no route should accept as they are: each must end in a 4xx, or be stored harmlessly. */
const badScalar: fc.Arbitrary<unknown> = fc.oneof(
  // text the database cannot store
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "x\udc00y", "\udfff\ud800", "ok\u0000\ud800"),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ maxLength: 30 }).map((s) => `${s}\u0000${s}`),
  // numbers beyond every column
  fc.constantFrom(
    2_147_483_648,
    -2_147_483_649,
    1e308,
    -1e308,
    1e21,
    Number.MAX_SAFE_INTEGER + 1,
    1.5,
    -0.5,
    5e-324,
    0.1 + 0.2,
    -1,
    0,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => b.toString()),
  // dates that do not exist, or that PostgreSQL cannot hold
  fc.constantFrom(
    "2024-02-30",
    "2026-02-31",
    "2023-02-29",
    "2024-13-01",
    "2024-00-10",
    "0000-01-01",
    "9999-12-32",
    "10000-01-01",
    "-0001-01-01",
    "+275760-09-13",
    "2024-02-30T00:00:00Z",
    "2024-06-31T25:61:61Z",
    "0000-01-01T00:00:00Z",
    "99999-01-01T00:00:00Z",
    "2024-1-1",
    "yesterday",
  ),
  // wrong types and shapes
  fc.constantFrom(true, false, null, "", " ", "null", "undefined", "NaN", "Infinity", "-Infinity", "[]", "{}", "true"),
  fc.constantFrom(
    "' OR 1=1 --",
    "%",
    "_",
    "\\",
    "%_%",
    "'; DROP TABLE donors; --",
    "$1",
    "::uuid",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "=cmd|' /C calc'!A0",
  ),
  fc.uuid(),
  fc.constantFrom("00000000-0000-0000-0000-000000000000", "not-a-uuid", "1", "-1", "9".repeat(40)),
);
/** Bad values of a text field: characters PostgreSQL refuses, dates that do not exist, huge ones. */
const badText: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udc00y",
    "2024-02-30",
    "2026-02-31",
    "0000-01-01",
    "99999-01-01T00:00:00Z",
    "",
    " ",
    "x".repeat(10_000),
  ),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000`),
  // A new array and object each time, for the reason given at badValue's nested values.
  fc.constantFrom(0, 1, 2, 3, 4).map((i) => [1, true, null, [], {}][i]),
);
/** Bad values of a number field: beyond every column, not whole, not numbers. */
const badNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    2_147_483_648,
    -2_147_483_649,
    1e308,
    -1e308,
    1e21,
    Number.MAX_SAFE_INTEGER + 1,
    1.5,
    -1,
    5e-324,
    "12",
    "1e3",
    "abc",
    null,
    true,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hugeString = fc.constantFrom(
  "x".repeat(MB),
  "é".repeat(MB / 2),
  "\u0000".repeat(1000),
  "a".repeat(10_000),
  "😀".repeat(5000),
);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 10, arbitrary: badScalar },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.array(badScalar, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.dictionary(fc.string({ unit: "binary", maxLength: 8 }), badScalar, { maxKeys: 4 }) },
  // Parsed afresh each time: a shared object that a body mutation (`mutated`) writes into once became
  // circular (seed 443199228: `{"a": …}` given itself as a field), and JSON.stringify threw.
  { weight: 1, arbitrary: fc.constantFrom(nestedArrays(100), nestedObjects(100)).map((s) => JSON.parse(s) as unknown) },
);
/** Anything JSON can carry, for unknown fields. */
const anyJson = fc.oneof({ weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, { weight: 2, arbitrary: badValue });

/** A string for the URL: percent-encoded, unpaired surrogates as their (invalid) UTF-8 bytes. */
function encodeLoose(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const isHigh = c >= 0xd800 && c <= 0xdbff;
    const next = s.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += `%${(0xe0 | (c >> 12)).toString(16).toUpperCase()}%${(0x80 | ((c >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}
const asText = (v: unknown): string =>
  typeof v === "string" ? v : typeof v === "bigint" ? v.toString() : (JSON.stringify(v) ?? "");

// ------------------------------------------------------------------ the fixture

type ActorKey = "ownerA" | "managerA" | "officerA" | "applicant" | "roleless" | "admin" | "anonymous";
type Pools = {
  /** Ids an actor may know: its own organisation's records, another's (B), random ones. */
  ids: string[];
  orgIds: string[];
  userIds: string[];
  donorIds: string[];
  campaignIds: string[];
};

let t: TestApp;
let routes: Route[];
const cookies: Partial<Record<ActorKey, string>> = {};
const passwords: Record<string, { email: string; password: string }> = {};
const fixture = {
  orgA: "",
  orgB: "",
  orgC: "",
  usersA: {} as Record<
    string,
    { userId: string; role: (typeof ROLE_NAMES)[number] | null; status: "submitted" | "approved" }
  >,
  b: { userIds: [] as string[], donorIds: [] as string[] },
  poolsA: null as unknown as Pools,
  poolsAdmin: null as unknown as Pools,
};

async function api(cookie: string, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) {
  const res = await t.request(method, url, { cookie, body });
  if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}
async function importCsv(cookie: string, csv: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/donors/imports?fileName=f.csv",
    payload: csv,
    headers: { "content-type": "text/csv", cookie, origin: t.config.appUrl },
  });
  if (res.statusCode !== 202) throw new Error(`fixture import: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { id: string }).id;
  for (let i = 0; i < 400; i++) {
    const b = (await t.request("GET", `/api/donors/imports/${id}`, { cookie })).json() as { status: string };
    if (!["queued", "running"].includes(b.status)) return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("fixture import did not finish");
}

/** An organisation's records made through the API: donors, a group, a saved group, a campaign with a goal, an issue, an import. */
async function seedOrganization(orgId: string, cookie: string) {
  const donors = [
    await buildDonor(t, orgId, { age: 40, numberOfGifts: 3, lastGiftDate: "2024-01-05", estimatedCapacity: 5000 }),
    await buildDonor(t, orgId),
  ];
  const group = await api(cookie, "POST", "/api/donor-groups", { name: "Fixture group" });
  await api(cookie, "POST", `/api/donor-groups/${String(group.id)}/members`, { donorIds: donors.map((d) => d.id) });
  const saved = await api(cookie, "POST", "/api/saved-donor-groups", {
    name: "Fixture saved",
    filterSettings: { minAge: 30 },
  });
  const campaign = (await api(cookie, "POST", "/api/campaigns", {
    name: "Fixture campaign",
    goal: "Grow",
    startDate: "2026-01-01",
    endDate: "2026-12-31",
  })) as { id: string };
  await api(cookie, "PUT", `/api/donors/${donors[0]!.id}/campaign-goals/${campaign.id}`, { goalText: "A goal" }).catch(
    () => undefined,
  );
  await api(cookie, "PUT", `/api/donors/${donors[0]!.id}/notes`, { notes: "<p>note</p>" });
  const issue = await api(cookie, "POST", "/api/issues", {
    type: "bug",
    title: "Fixture issue",
    description: "Something",
  });
  const importId = await importCsv(cookie, "First Name,Last Name,Age\nImported,Donor,50\n");
  return {
    ids: [...donors.map((d) => d.id), String(group.id), String(saved.id), campaign.id, String(issue.id), importId],
    donorIds: donors.map((d) => d.id),
    campaignIds: [campaign.id],
  };
}

async function roleId(name: string) {
  const [r] = await t.db.select().from(roles).where(eq(roles.name, name));
  return r!.id;
}

/** Puts organisation A's actors back as they were (a fuzzed request may legitimately change their roles). */
async function repairActors() {
  const [orgA] = await t.db.select().from(organizations).where(eq(organizations.id, fixture.orgA));
  if (!orgA) throw new Error("organisation A was deleted by a fuzzed request");
  for (const u of Object.values(fixture.usersA)) {
    await t.db
      .update(userProfiles)
      .set({ onboardingStatus: u.status, organizationId: fixture.orgA })
      .where(eq(userProfiles.id, u.userId));
    await t.db.delete(userRoles).where(eq(userRoles.userId, u.userId));
    if (u.role) await t.db.insert(userRoles).values({ userId: u.userId, roleId: await roleId(u.role) });
  }
}

/**
 * Every row of organisation B: in each table, the rows whose organization_id is B's, whose user_id is
 * one of B's users, whose donor_id is one of B's donors (and B's organisation and users themselves).
 */
async function snapshotB(): Promise<Map<string, string[]>> {
  const cols = rowsOf<{ table_name: string; column_name: string }>(
    await t.db.execute(
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name IN ('organization_id', 'user_id', 'donor_id')`,
    ),
  );
  const byTable = new Map<string, Set<string>>();
  for (const r of cols) byTable.set(r.table_name, (byTable.get(r.table_name) ?? new Set()).add(r.column_name));
  const lit = (ids: string[]) => (ids.length ? ids.map((id) => `'${id.replace(/'/g, "''")}'`).join(",") : "NULL");
  const out = new Map<string, string[]>();
  const select = async (table: string, where: string) => {
    const res = rowsOf<{ row: string }>(
      await t.db.execute(sql.raw(`SELECT to_jsonb(x)::text AS row FROM "${table}" x WHERE ${where}`)),
    );
    out.set(table, res.map((r) => r.row).sort());
  };
  await select("organizations", `x.id = '${fixture.orgB}'`);
  await select("users", `x.id IN (${lit(fixture.b.userIds)})`);
  for (const [table, c] of byTable) {
    if (table === "donor_count_deltas") {
      // Rows that housekeeping folds once a minute (ADR 051): what must not change is their sum.
      const res = rowsOf<{ n: string }>(
        await t.db.execute(
          sql.raw(
            `SELECT coalesce(sum(delta), 0)::text AS n FROM donor_count_deltas WHERE organization_id = '${fixture.orgB}'`,
          ),
        ),
      );
      out.set(table, [res[0]!.n]);
      continue;
    }
    const conds: string[] = [];
    if (c.has("organization_id")) conds.push(`x.organization_id::text = '${fixture.orgB}'`);
    if (c.has("user_id")) conds.push(`x.user_id::text IN (${lit(fixture.b.userIds)})`);
    if (c.has("donor_id")) conds.push(`x.donor_id::text IN (${lit(fixture.b.donorIds)})`);
    await select(table, conds.join(" OR "));
  }
  const profiles = rowsOf<{ row: string }>(
    await t.db.execute(
      sql.raw(`SELECT to_jsonb(x)::text AS row FROM user_profiles x WHERE x.id IN (${lit(fixture.b.userIds)})`),
    ),
  );
  out.set("user_profiles", [...(out.get("user_profiles") ?? []), ...profiles.map((r) => r.row)].sort());
  return out;
}

// ------------------------------------------------------------------ generating requests

type FuzzRequest = {
  route: Route;
  actor: ActorKey;
  path: Record<string, string>;
  query: [string, string][];
  payload?: string;
  contentType?: string;
};

const ACTOR_WEIGHTS: [ActorKey, number][] = [
  ["ownerA", 55],
  ["managerA", 8],
  ["officerA", 10],
  ["applicant", 6],
  ["roleless", 5],
  ["admin", 10],
  ["anonymous", 6],
];

const FILTER_KEYS = Object.keys(donorFilterSettingsSchema.shape);

function requestArbitrary(): fc.Arbitrary<FuzzRequest> {
  const actorArb = fc.oneof(...ACTOR_WEIGHTS.map(([a, weight]) => ({ weight, arbitrary: fc.constant(a) })));
  return fc.tuple(fc.constantFrom(...routes), actorArb).chain(([route, actor]) => {
    const pools = actor === "admin" ? fixture.poolsAdmin : fixture.poolsA;
    const idArb = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...pools.ids) },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 3, arbitrary: badScalar.map(asText) },
      { weight: 1, arbitrary: fc.constantFrom("x".repeat(5000), "%2F..%2F", "") },
    );
    /** A value for a field: mostly plausible (so requests get past the first check), sometimes a bad one of its kind. */
    const plausible = (name: string, schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> => {
      const type = resolve(schema)?.type;
      const kind = Array.isArray(type) ? type.find((x) => x !== "null") : type;
      const bad = kind === "string" ? badText : kind === "integer" || kind === "number" ? badNumber : badValue;
      return fc.oneof({ weight: 5, arbitrary: plausibleValue(name, schema, depth) }, { weight: 1, arbitrary: bad });
    };
    const plausibleValue = (name: string, schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> => {
      const s = resolve(schema);
      const lname = name.toLowerCase();
      if (s?.enum?.length) return fc.constantFrom(...s.enum);
      if (s?.anyOf?.length || s?.oneOf?.length)
        return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((x) => plausible(name, x, depth)));
      const type = Array.isArray(s?.type) ? s!.type.find((x) => x !== "null") : s?.type;
      if (lname === "organizationid" || lname === "targetorganizationid") return fc.constantFrom(...pools.orgIds);
      if (lname === "donorids") return fc.array(fc.constantFrom(...pools.donorIds), { maxLength: 3 });
      if (lname === "stage") return fc.constantFrom(...STAGES);
      if (lname === "role") return fc.constantFrom(...ROLE_NAMES);
      if (lname === "actiontype") return fc.constantFrom(...ACTION_TYPES);
      if (lname === "type" && name === "type") return fc.constantFrom(...ISSUE_TYPES);
      if (lname === "filters" || lname === "filtersettings") {
        const filter = fc.dictionary(
          fc.constantFrom(...FILTER_KEYS),
          fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constantFrom("2024-01-05", "Smith", ""), badScalar),
          { maxKeys: 4 },
        );
        return lname === "filters" ? filter.map((f) => JSON.stringify(f)) : filter;
      }
      if (lname.includes("date") && type !== "object")
        return fc.constantFrom("2025-01-05", "2026-12-31", "2025-01-05T00:00:00Z");
      if (lname === "from" || lname === "to")
        return fc.constantFrom("2025-01-05T00:00:00Z", "2030-01-01T00:00:00.000Z");
      if (lname.endsWith("id") && type === "string") return idArb;
      if (lname.includes("email")) return fc.constantFrom("someone@example.org", "fuzz@example.org");
      if (type === "boolean") return fc.boolean();
      if (type === "integer")
        return fc.integer({ min: Math.max(s?.minimum ?? 0, -1000), max: Math.min(s?.maximum ?? 1000, 1000) });
      if (type === "number") return fc.double({ min: 0, max: 1000, noNaN: true });
      if (type === "array")
        return depth > 3 ? fc.constant([]) : fc.array(plausible(name, s?.items, depth + 1), { maxLength: 3 });
      if (type === "object" || s?.properties) {
        if (depth > 3) return fc.constant({});
        const props = Object.entries(s?.properties ?? {});
        const required = new Set(s?.required ?? []);
        return fc.record(Object.fromEntries(props.map(([k, v]) => [k, plausible(k, v, depth + 1)])), {
          requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
        });
      }
      return fc.string({ minLength: 1, maxLength: Math.min(s?.maxLength ?? 40, 40) });
    };

    const pathArb = fc.record(
      Object.fromEntries(
        route.params
          .filter((p) => p.in === "path")
          .map((p) => [
            p.name,
            fc.oneof(
              { weight: 2, arbitrary: plausible(p.name, p.schema).map(asText) },
              { weight: 2, arbitrary: idArb },
            ),
          ]),
      ) as Record<string, fc.Arbitrary<string>>,
    );

    const queryParams = route.params.filter((p) => p.in === "query");
    const queryArb = fc
      .tuple(
        fc.tuple(
          ...queryParams.map((p) =>
            fc.oneof(
              { weight: 3, arbitrary: fc.constant(undefined) },
              { weight: 3, arbitrary: plausible(p.name, p.schema) },
              { weight: 3, arbitrary: badValue },
            ),
          ),
        ),
        fc.array(fc.tuple(fc.string({ maxLength: 10 }), badScalar), { maxLength: 2 }),
      )
      .map(([values, unknown]) => {
        const q: [string, string][] = [];
        queryParams.forEach((p, i) => {
          if (values[i] !== undefined) q.push([p.name, asText(values[i])]);
        });
        for (const [k, v] of unknown) q.push([k || "x", asText(v)]);
        return q;
      });

    // The body: a plausible one for the route's schema, then 0–3 mutations, or something else entirely.
    const mutated = (base: unknown): fc.Arbitrary<unknown> => {
      const mutation = fc.oneof(
        fc.tuple(fc.constant("set" as const), fc.nat(), badValue),
        fc.tuple(fc.constant("add" as const), fc.string({ maxLength: 12 }), anyJson),
        fc.tuple(fc.constant("drop" as const), fc.nat(), fc.constant(null)),
        fc.tuple(fc.constant("deep" as const), fc.nat(), badValue),
      );
      return fc.array(mutation, { maxLength: 3 }).map((ms) => {
        if (base === null || typeof base !== "object" || Array.isArray(base)) return base;
        const o: Record<string, unknown> = structuredClone(base as Record<string, unknown>);
        for (const [kind, which, v] of ms) {
          const n = typeof which === "number" ? which : 0;
          const keys = Object.keys(o);
          const key = keys.length ? keys[n % keys.length]! : "field";
          if (kind === "set") o[key] = v;
          else if (kind === "add") o[typeof which === "string" && which ? which : "extra"] = v;
          else if (kind === "drop") delete o[key];
          else if (o[key] && typeof o[key] === "object" && !Array.isArray(o[key])) {
            const inner = o[key] as Record<string, unknown>;
            const ik = Object.keys(inner);
            inner[ik.length ? ik[n % ik.length]! : "field"] = v;
          } else o[key] = v;
        }
        return o;
      });
    };
    const hasBody = route.method !== "GET";
    const jsonBody = route.body ? plausible("body", route.body).chain(mutated) : anyJson;
    const payloadArb: fc.Arbitrary<{ payload?: string; contentType?: string }> = !hasBody
      ? fc.constant({})
      : fc.oneof(
          {
            weight: 14,
            arbitrary: jsonBody.map((b) => ({ payload: JSON.stringify(b) ?? "null", contentType: "application/json" })),
          },
          {
            weight: 2,
            arbitrary: badValue.map((b) => ({ payload: JSON.stringify(b) ?? "null", contentType: "application/json" })),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(
                nestedArrays(5000),
                nestedObjects(5000),
                "{",
                '{"a":',
                "[1,]",
                "",
                "\u0000",
                '{"__proto__":{"x":1}}',
                '{"constructor":{"prototype":{"x":1}}}',
              )
              .map((p) => ({ payload: p, contentType: "application/json" })),
          },
          {
            weight: 1,
            arbitrary: jsonBody.map((b) => ({ payload: JSON.stringify(b) ?? "null", contentType: "text/plain" })),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x",
                "application/xml",
                "application/json; charset=latin1",
                "text/csv",
              )
              .map((ct) => ({ payload: "a=1&b=%00", contentType: ct })),
          },
          {
            weight: route.path.endsWith("/imports") ? 4 : 1,
            arbitrary: fc
              .array(
                fc.tuple(
                  fc.oneof(fc.string({ maxLength: 12 }), badScalar.map(asText)),
                  fc.oneof(fc.string({ maxLength: 12 }), badScalar.map(asText)),
                ),
                { minLength: 1, maxLength: 6 },
              )
              .map((rows) => ({
                payload: `First Name,Last Name,Age\n${rows.map(([a, b]) => `${JSON.stringify(a)},${JSON.stringify(b)},${rows.length}`).join("\n")}\n`,
                contentType: "text/csv",
              })),
          },
          { weight: 1, arbitrary: fc.constant({}) },
        );
    return fc
      .record({
        route: fc.constant(route),
        actor: fc.constant(actor),
        path: pathArb,
        query: queryArb,
        body: payloadArb,
      })
      .map(({ body, ...r }) => ({ ...r, ...body }));
  });
}

function resolve(s: Schema | undefined): Schema | undefined {
  if (!s) return s;
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map(resolve), { ...s, allOf: undefined });
  return s;
}

function urlOf(r: FuzzRequest): string {
  const path = r.route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeLoose(r.path[name] ?? ""));
  const q = r.query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join("&");
  return q ? `${path}?${q}` : path;
}

// ------------------------------------------------------------------ checking answers

// SQL as Drizzle and PostgreSQL print it (quoted identifiers or `*`), not English: "Please select donors
// to remove from the group" is a message of docs/RULES.md, Groups, and no leak.
const LEAK =
  /failed query|params:|insert into "|select (\*|"|distinct ).* from "|update "[^"]+" set|invalid input syntax|violates .+ constraint|duplicate key|\bat .+\.(ts|js):\d+/i;

/** Every row of a CSV has the header's number of cells, quotes are closed, and it ends with a line end. */
function csvProblem(text: string): string | null {
  if (!text.length) return "empty CSV";
  if (!/\r?\n$/.test(text)) return "CSV does not end with a line end (cut off?)";
  const counts: number[] = [];
  let cells = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      }
    } else if (c === '"') quoted = true;
    else if (c === ",") cells++;
    else if (c === "\n") {
      counts.push(cells);
      cells = 1;
    }
  }
  if (quoted) return "CSV ends inside a quoted cell";
  const bad = counts.findIndex((n) => n !== counts[0]);
  return bad >= 0 ? `CSV row ${bad} has ${counts[bad]} cells, the header ${counts[0]}` : null;
}

function answerProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  const type = String(res.headers["content-type"] ?? "");
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (res.statusCode === 200 && type.startsWith("text/csv")) return csvProblem(res.body);
  if (type.includes("application/json") && res.body.length) {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return "JSON answer does not parse (cut off?)";
    }
    if (res.statusCode >= 400) {
      const e = body as { error?: unknown; message?: unknown };
      if (typeof e?.error !== "string" || typeof e?.message !== "string") return "error body is not { error, message }";
      if (LEAK.test(e.message) || e.message.length > 500)
        return `error message leaks internals: ${e.message.slice(0, 200)}`;
    }
  }
  if (res.statusCode >= 400 && LEAK.test(res.body.slice(0, 5000)) && !type.startsWith("text/csv"))
    return "error answer leaks internals";
  return null;
}

/** The sentences of apps/server/src/lib/db-errors.ts: a value reached the database before it was refused. */
const DB_REFUSAL =
  /A value in the request is out of range or not valid|The request is missing a value or has a value that is not allowed|A value in the request is too large to store|A record with the same details already exists|The request refers to a record that does not exist/;

const describeRequest = (r: FuzzRequest) =>
  `${r.actor} ${r.route.method} ${urlOf(r).slice(0, 300)}${r.payload !== undefined ? ` [${r.contentType}] ${r.payload.slice(0, 300)}` : ""}`;

// ------------------------------------------------------------------ the test

let fakeAi: FakeAiServer[] = [];

beforeAll(async () => {
  // Every AI provider is configured (fake OpenAI and Anthropic servers on 127.0.0.1), as an installation
  // whose admin picked a provider would be: the fuzzed provider switch then never leads to a 5xx.
  const [openai, anthropic] = (fakeAi = await Promise.all([
    startFakeAiServer("openai"),
    startFakeAiServer("anthropic"),
  ]));
  t = await createTestApp({
    apiRateLimit: 1_000_000,
    ai: {
      openaiApiKey: "sk-fuzz",
      openaiBaseUrl: openai!.baseUrl,
      openaiModel: "gpt-4o-fuzz",
      gpt5Model: "gpt-5-fuzz",
      anthropicApiKey: "sk-ant-fuzz",
      anthropicBaseUrl: anthropic!.baseUrl,
      anthropicModel: "claude-fuzz",
      timeoutMs: 10_000,
      maxRetries: 0,
    },
  });
  routes = routesOf(t.app.swagger() as never);

  // Organisation A and its actors
  const orgA = await buildOrg(t, "Fuzz Org A");
  fixture.orgA = orgA.id;
  const makeA = async (key: ActorKey, role: (typeof ROLE_NAMES)[number] | null, status: "submitted" | "approved") => {
    const u = await buildUser(t, { role: role ?? undefined, status, organizationId: orgA.id });
    cookies[key] = u.cookie;
    passwords[key] = { email: u.email, password: u.password };
    fixture.usersA[key] = { userId: u.userId, role, status };
    return u;
  };
  const ownerA = await makeA("ownerA", "org_owner", "approved");
  await makeA("managerA", "org_manager", "approved");
  await makeA("officerA", "org_officer", "approved");
  await makeA("applicant", "org_officer", "submitted");
  await makeA("roleless", null, "approved");

  // Organisation B: the one whose rows must not change
  const orgB = await buildOrg(t, "Fuzz Org B");
  fixture.orgB = orgB.id;
  const ownerB = await buildUser(t, { role: "org_owner", organizationId: orgB.id });
  const officerB = await buildUser(t, { role: "org_officer", organizationId: orgB.id });
  fixture.b.userIds = [ownerB.userId, officerB.userId];

  // Organisation C: the admin's own, so an admin's requests have somewhere to act
  const orgC = await buildOrg(t, "Fuzz Org C");
  fixture.orgC = orgC.id;
  const admin = await buildUser(t, { role: "admin", organizationId: orgC.id });
  cookies.admin = admin.cookie;
  const officerC = await buildUser(t, { role: "org_officer", organizationId: orgC.id });

  const a = await seedOrganization(orgA.id, ownerA.cookie);
  const b = await seedOrganization(orgB.id, ownerB.cookie);
  const c = await seedOrganization(orgC.id, admin.cookie);
  const [, donorsB] = [b.ids, b.donorIds];
  fixture.b.donorIds = donorsB;
  const usersA = Object.values(fixture.usersA).map((u) => u.userId);
  fixture.poolsA = {
    ids: [...a.ids, ...b.ids, ...usersA, ...fixture.b.userIds, orgA.id, orgB.id],
    orgIds: [orgA.id, orgB.id, orgC.id],
    userIds: [...usersA, ...fixture.b.userIds],
    donorIds: [...a.donorIds, ...b.donorIds],
    campaignIds: [...a.campaignIds, ...b.campaignIds],
  };
  // The admin may act on any organisation; to keep B's snapshot about the others, it is given only C's ids.
  fixture.poolsAdmin = {
    ids: [...c.ids, officerC.userId, orgC.id],
    orgIds: [orgC.id],
    userIds: [officerC.userId],
    donorIds: c.donorIds,
    campaignIds: c.campaignIds,
  };
}, 600_000);

afterAll(async () => {
  await t?.close();
  await Promise.all(fakeAi.map((s) => s.close()));
});

describe("fuzz: bad requests to every route of the OpenAPI document", () => {
  it(`answers ${RUNS} generated bad requests without a 5xx, a cut-off export or a change to another organisation`, async () => {
    console.log(
      `fuzz: seed ${SEED}, ${RUNS} requests over ${routes.length} routes (replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`,
    );
    expect(routes.length).toBeGreaterThan(50);
    const before = await snapshotB();
    const failures: string[] = [];
    const byStatus = new Map<number, number>();
    const byRoute = new Map<string, number>();
    let sent = 0;
    const dbRefusals: string[] = [];
    const started = Date.now();

    await fc.assert(
      fc.asyncProperty(requestArbitrary(), async (r) => {
        if (sent % 50 === 0) await repairActors();
        sent++;
        const key = `${r.route.method} ${r.route.path}`;
        byRoute.set(key, (byRoute.get(key) ?? 0) + 1);
        let cookie = r.actor === "anonymous" ? undefined : cookies[r.actor];
        // Signing out ends the session: that request gets a session of its own.
        if (cookie && r.route.path === "/api/auth/sign-out" && passwords[r.actor])
          cookie = await signIn(t, passwords[r.actor]!.email, passwords[r.actor]!.password);
        try {
          const res = await t.app.inject({
            method: r.route.method as "GET",
            url: urlOf(r),
            remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
            headers: {
              origin: t.config.appUrl,
              ...(cookie ? { cookie } : {}),
              ...(r.contentType ? { "content-type": r.contentType } : {}),
            },
            ...(r.payload !== undefined ? { payload: r.payload } : {}),
          });
          byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
          // A 4xx made from a database refusal means validation let the value through: counted and shown.
          if (res.statusCode < 500 && DB_REFUSAL.test(res.body))
            dbRefusals.push(`${describeRequest(r)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          const problem = answerProblem(res);
          if (problem) failures.push(`${problem}: ${describeRequest(r)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
        } catch (err) {
          byStatus.set(0, (byStatus.get(0) ?? 0) + 1);
          failures.push(`request did not complete (${String(err)}): ${describeRequest(r)}`);
        }
        return true;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    await repairActors();
    await t.app.activity.flush();
    // Let background work (imports) started by fuzzed requests finish before comparing.
    for (let i = 0; i < 200; i++) {
      const busy = rowsOf<{ n: number }>(
        await t.db
          .execute(
            sql`SELECT count(*)::int AS n FROM donor_import_batches WHERE status IN ('queued', 'running', 'undoing')`,
          )
          .catch(() => ({ rows: [{ n: 0 }] })),
      );
      if (!busy[0]?.n) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = await snapshotB();

    const changed = [...before.keys()].filter((k) => JSON.stringify(before.get(k)) !== JSON.stringify(after.get(k)));
    const statuses = [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ");
    const untouched = routes.filter((r) => !byRoute.has(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`);
    console.log(
      `fuzz: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s over ${byRoute.size}/${routes.length} routes; statuses ${statuses}; ` +
        `${failures.length} problems; organisation B tables compared: ${before.size}, changed: ${changed.length}`,
    );
    if (untouched.length) console.log(`fuzz: routes not drawn this run: ${untouched.join(", ")}`);
    console.log(
      `fuzz: answers made from a database refusal (validation gaps): ${dbRefusals.length}${dbRefusals.length ? `\n  ${dbRefusals.slice(0, 10).join("\n  ")}` : ""}`,
    );
    expect(sent).toBe(RUNS);
    expect(failures.slice(0, 30), `${failures.length} problems (seed ${SEED})`).toEqual([]);
    expect(changed, "organisation B's rows changed").toEqual([]);
    // A value the database had to refuse reached a query: validation (or the input guard) has a gap.
    expect(dbRefusals.slice(0, 10), `${dbRefusals.length} answers came from a database refusal (seed ${SEED})`).toEqual(
      [],
    );
  }, 900_000);
});
