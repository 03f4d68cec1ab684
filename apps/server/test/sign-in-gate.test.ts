/**
 * One sign-in gate (issue 12 item 2, docs/SECURITY.md "One sign-in gate"): every /api route of the
 * OpenAPI document but the few public ones answers a signed-out request 401 before it looks at the
 * path, query or body — whatever is wrong with them. better-auth's /api/auth/* routes answer for
 * themselves and are not walked here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ISSUE_NOT_LOGGED_IN_MESSAGE, NOT_LOGGED_IN_ONBOARDING_MESSAGE } from "@cultivate/shared";
import { COOKIE_PREFIX } from "../src/auth/auth.ts";
import { FORBIDDEN_ORIGIN_MESSAGE } from "../src/auth/origin.ts";
import { PUBLIC_ROUTES } from "../src/routes/api/auth-gate.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

/** The public list, spelled out: a route added to it must be added here too, on purpose. */
const EXPECTED_PUBLIC = ["GET /api/calendar/:token", "GET /api/config", "GET /api/health", "POST /api/test-email"];

/**
 * The order of the onRequest hooks is rate limit (429), same-origin guard (403 another site, 415 a body type
 * the route does not read), then the gate (401). So each request carries a body type the route reads: the
 * CSV import documents no request body (it streams), the others read JSON.
 */
const BODY_TYPE: Record<string, string> = { "POST /api/donors/imports": "text/csv" };

type Operation = { tags?: string[]; requestBody?: { content?: Record<string, unknown> } };
type Route = { key: string; method: string; path: string; tags: string[]; bodyTypes: string[] };

let t: TestApp;
let routes: Route[];
let ip = 0;
const nextIp = () => `10.91.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  routes = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/") || path.startsWith("/api/auth/")) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const m = method.toUpperCase();
      routes.push({
        // As the gate sees a route (Fastify's `:param`, not OpenAPI's `{param}`).
        key: `${m} ${path.replace(/\{(\w+)\}/g, ":$1")}`,
        method: m,
        path,
        tags: op.tags ?? [],
        bodyTypes: BODY_TYPE[`${m} ${path}`]
          ? [BODY_TYPE[`${m} ${path}`]!]
          : Object.keys(op.requestBody?.content ?? {}),
      });
    }
  }
});
afterAll(async () => t?.close());

/** Every path parameter replaced by `value` (a malformed id, or one that looks fine). */
const fill = (path: string, value: string) => path.replace(/\{\w+\}/g, encodeURIComponent(value));

type Variant = {
  name: string;
  url: (r: Route) => string;
  body: (r: Route) => { type: string; payload: string } | null;
  cookie?: string;
};

const VARIANTS: Variant[] = [
  {
    name: "bad body, malformed id, bad query",
    url: (r) => `${fill(r.path, "not-an-id")}?limit=-5&offset=x&bogus=1`,
    body: (r) =>
      r.method === "GET" || r.method === "DELETE"
        ? null
        : r.bodyTypes.includes("application/json") || r.bodyTypes.length === 0
          ? { type: "application/json", payload: JSON.stringify({ bogus: 1, name: 42, email: ["x"] }) }
          : { type: r.bodyTypes[0]!, payload: "\u0000not,a\ncsv" },
  },
  {
    name: "wrong JSON types, valid-looking id",
    url: (r) => fill(r.path, "00000000-0000-4000-8000-000000000000"),
    body: (r) =>
      r.method === "GET" || r.method === "DELETE"
        ? null
        : { type: r.bodyTypes[0] ?? "application/json", payload: '[1, {"a": null}, ""]' },
  },
  {
    name: "a forged session cookie and a body that is not JSON",
    url: (r) => fill(r.path, "x".repeat(60)),
    body: (r) => (r.method === "GET" ? null : { type: r.bodyTypes[0] ?? "application/json", payload: "{not json" }),
    cookie: `${COOKIE_PREFIX}.session_token=forged.value`,
  },
];

async function send(r: Route, v: Variant) {
  const body = v.body(r);
  return t.app.inject({
    method: r.method as "GET",
    url: v.url(r),
    remoteAddress: nextIp(),
    headers: {
      origin: t.config.appUrl,
      ...(v.cookie ? { cookie: v.cookie } : {}),
      ...(body ? { "content-type": body.type } : {}),
    },
    ...(body ? { payload: body.payload } : {}),
  });
}

describe("one sign-in gate", () => {
  it("the public list is exactly what it says, and those routes are the ones tagged public", () => {
    expect([...PUBLIC_ROUTES].sort()).toEqual(EXPECTED_PUBLIC);
    const keys = routes.map((r) => r.key);
    for (const key of EXPECTED_PUBLIC) expect(keys).toContain(key);
    expect(
      routes
        .filter((r) => r.tags.includes("public"))
        .map((r) => r.key)
        .sort(),
    ).toEqual(EXPECTED_PUBLIC);
  });

  it("walks a document of real size", () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  for (const v of VARIANTS) {
    it(`every non-public route answers 401 to a signed-out request (${v.name})`, async () => {
      const wrong: string[] = [];
      for (const r of routes) {
        if (PUBLIC_ROUTES.has(r.key)) continue;
        const res = await send(r, v);
        const body = res.json() as { error?: string; message?: string };
        if (res.statusCode !== 401 || body.error !== "unauthorized" || !body.message) {
          wrong.push(`${r.key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("HEAD of a signed-in GET route is gated too", async () => {
    const res = await t.app.inject({ method: "HEAD", url: "/api/me", remoteAddress: nextIp() });
    expect(res.statusCode).toBe(401);
  });

  it("the public routes answer a signed-out visitor", async () => {
    for (const url of ["/api/config", "/api/health"]) {
      const res = await t.request("GET", url);
      expect(res.statusCode, url).toBe(200);
    }
    const head = await t.app.inject({ method: "HEAD", url: "/api/health", remoteAddress: nextIp() });
    expect(head.statusCode).toBe(200);
    const mail = await t.request("POST", "/api/test-email");
    expect(mail.statusCode).toBe(200);
  });

  it("routes keep the signed-out message the spec gives them, before their body is validated", async () => {
    const onboarding = await t.request("POST", "/api/onboarding", { body: { bogus: 1 } });
    expect(onboarding.statusCode).toBe(401);
    expect(onboarding.json()).toEqual({ error: "unauthorized", message: NOT_LOGGED_IN_ONBOARDING_MESSAGE });
    const issue = await t.request("POST", "/api/issues", { body: { title: 5 } });
    expect(issue.statusCode).toBe(401);
    expect(issue.json()).toEqual({ error: "unauthorized", message: ISSUE_NOT_LOGGED_IN_MESSAGE });
    const other = await t.request("POST", "/api/campaigns", { body: { bogus: 1 } });
    expect(other.json()).toEqual({ error: "unauthorized", message: "You must be signed in to do that." });
  });

  it("order: another site's signed-out POST is refused by the same-origin guard first (403)", async () => {
    const res = await t.request("POST", "/api/campaigns", {
      body: { bogus: 1 },
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "forbidden_origin", message: FORBIDDEN_ORIGIN_MESSAGE });
  });

  it("order: a body type the route does not read is refused with 415 first, signed in or not", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      remoteAddress: nextIp(),
      headers: { origin: t.config.appUrl, "content-type": "text/plain" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(415);
  });

  it("an unknown /api address is still 404, and /api/docs stays outside the gate", async () => {
    const missing = await t.request("GET", "/api/no-such-route");
    expect(missing.statusCode).toBe(404);
    const docs = await t.request("GET", "/api/docs/json");
    expect(docs.statusCode).toBe(200);
  });
});
