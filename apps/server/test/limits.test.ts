// Limits shared across app servers (issue 13, ADR 040): the `/api` rate limit and the failed sign-in
// limiter count in the database, so two app instances on one database give no one twice the attempts.
// Two `buildApp`s on one database stand for two servers (on PostgreSQL each has a pool of its own).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureWindows, rateLimitWindows } from "../src/db/schema.ts";
import type { Database } from "../src/db/client.ts";
import { FailureLimiter, sweepFailureWindows } from "../src/lib/failure-limiter.ts";
import { sweepRateLimitWindows } from "../src/lib/rate-limit-store.ts";
import { createTestApp, openSharedTestDatabase, registerUser, uniqueEmail, type TestApp } from "./helpers.ts";

let shared: Awaited<ReturnType<typeof openSharedTestDatabase>>;
let first: TestApp;
let second: TestApp;
let database: Database;

beforeAll(async () => {
  shared = await openSharedTestDatabase();
  database = await shared.connect();
  first = await createTestApp({ apiRateLimit: 10 }, { database });
  second = await createTestApp({ apiRateLimit: 10 }, { database: await shared.connect() });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await shared?.close();
});

describe("limits shared by two app servers on one database", () => {
  it("the /api rate limit counts the requests of both: the 11th of 10 a minute is refused, whichever answers", async () => {
    const ip = "198.51.100.40";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const server = i % 2 === 0 ? first : second;
      statuses.push((await server.request("GET", "/api/health", { ip })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await second.request("GET", "/api/health", { ip });
    expect(refused.json()).toMatchObject({ error: "too_many_requests" });
    // Another address has its own count.
    expect((await first.request("GET", "/api/health", { ip: "198.51.100.41" })).statusCode).toBe(200);
  });

  it("counts requests that arrive together one by one: 14 at once on 10 a minute, 10 pass and each has its own place", async () => {
    const ip = "198.51.100.44";
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => (i % 2 ? second : first).request("GET", "/api/health", { ip })),
    );
    const passed = answers.filter((r) => r.statusCode === 200);
    expect(passed).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(4);
    // The remaining count each answer carries: every place from 9 down to 0 exactly once.
    const remaining = passed.map((r) => Number(r.headers["x-ratelimit-remaining"])).sort((a, b) => a - b);
    expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const [row] = (await database.db.select().from(rateLimitWindows)).filter((r) => r.key.includes(ip));
    expect(row!.count).toBe(14);
  });

  it("a route with its own limit counts apart from the global one, on both servers", async () => {
    const ip = "198.51.100.42";
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await (i % 2 ? second : first).request("POST", "/api/test-email", { ip })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("5 failed sign-ins across the two servers lock the address: the 6th gets 429 on either", async () => {
    const { email, password } = await registerUser(first);
    const ip = "198.51.100.50";
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? second : first).request("POST", "/api/auth/sign-in/email", {
        body: { email: uniqueEmail(), password: "nope-nope" },
        ip,
      });
      expect(res.statusCode).toBe(401);
    }
    for (const server of [first, second]) {
      const res = await server.request("POST", "/api/auth/sign-in/email", { body: { email, password }, ip });
      expect(res.statusCode).toBe(429);
    }
  });

  it("5 failures for one account on two servers lock it for an address that failed, on both", async () => {
    const { email, password } = await registerUser(second);
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? second : first).request("POST", "/api/auth/sign-in/email", {
        body: { email, password: "nope-nope" },
        ip: `198.51.100.${60 + i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await second.request("POST", "/api/auth/sign-in/email", {
      body: { email, password },
      ip: "198.51.100.60",
    });
    expect(res.statusCode).toBe(429);
    // A clean address still gets in (auth.test.ts), on the other server too.
    expect(
      (await first.request("POST", "/api/auth/sign-in/email", { body: { email, password }, ip: "203.0.113.60" }))
        .statusCode,
    ).toBe(200);
  });

  it("keeps one row per key, and deletes ended windows", async () => {
    const ip = "198.51.100.70";
    for (let i = 0; i < 3; i++) await first.request("GET", "/api/health", { ip });
    const rows = await database.db.select().from(rateLimitWindows);
    expect(rows.filter((r) => r.key.includes(ip))).toHaveLength(1);
    expect(rows.find((r) => r.key.includes(ip))!.count).toBe(3);
    await sweepRateLimitWindows(database.db, new Date(Date.now() + 61_000));
    expect((await database.db.select().from(rateLimitWindows)).filter((r) => r.key.includes(ip))).toHaveLength(0);
  });
});

// The sliding window itself (was a unit test of the in-memory limiter; the same assertions on the table).
describe("FailureLimiter", () => {
  it("blocks after the limit within the window and frees the key when the window passes", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const limiter = new FailureLimiter(database.db, 5, 60_000, () => now);
    for (let i = 0; i < 5; i++) {
      expect(await limiter.isBlocked("unit-a")).toBe(false);
      await limiter.hit("unit-a");
    }
    expect(await limiter.isBlocked("unit-a")).toBe(true);
    expect(await limiter.isBlocked("unit-other")).toBe(false);
    now += 60_001;
    expect(await limiter.isBlocked("unit-a")).toBe(false);
  });

  it("counts a key's events in the window, keeping at most the limit of them", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const limiter = new FailureLimiter(database.db, 5, 60_000, () => now);
    expect(await limiter.count("unit-b")).toBe(0);
    await limiter.hit("unit-b");
    await limiter.hit("unit-b");
    expect(await limiter.count("unit-b")).toBe(2);
    for (let i = 0; i < 10; i++) await limiter.hit("unit-b");
    expect(await limiter.count("unit-b")).toBe(5);
    now += 60_001;
    expect(await limiter.count("unit-b")).toBe(0);
    // A sliding window: events older than the window drop out one by one.
    await limiter.hit("unit-b");
    now += 30_000;
    await limiter.hit("unit-b");
    now += 30_001;
    expect(await limiter.count("unit-b")).toBe(1);
  });

  it("reset clears a key; the sweep deletes windows nobody touched for a whole window", async () => {
    const limiter = new FailureLimiter(database.db, 1, 1000);
    await limiter.hit("unit-c");
    expect(await limiter.isBlocked("unit-c")).toBe(true);
    await limiter.reset("unit-c");
    expect(await limiter.isBlocked("unit-c")).toBe(false);
    await limiter.hit("unit-d");
    await sweepFailureWindows(database.db, new Date(Date.now() + 1001));
    expect((await database.db.select().from(failureWindows)).map((r) => r.key)).not.toContain("unit-d");
  });
});
