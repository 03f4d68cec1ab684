// npm run bench -- limits: what the shared limits (ADR 040) cost per request, against `select 1`.
// PGlite in a temporary DATA_DIR, or PostgreSQL with DATABASE_URL (a fresh database, dropped after).
// Sequential statements, 2,000 of each after 200 to warm up; then 20 upserts at once on one key
// (one address, many tabs), 100 rounds.
import os from "node:os";
import { sql } from "drizzle-orm";
import { benchDatabase } from "./support/database.ts";
import { FailureLimiter } from "../apps/server/src/lib/failure-limiter.ts";
import { databaseRateLimitStore } from "../apps/server/src/lib/rate-limit-store.ts";

const { database, dispose } = await benchDatabase();
console.log(
  `database: ${database.kind}; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);

type Incr = (key: string, cb: (err: Error | null) => void, timeWindow: number, max: number) => void;
const Store = databaseRateLimitStore(database.db) as unknown as new () => { incr: Incr };
const store = new Store();
const incr = (key: string) =>
  new Promise<void>((resolve, reject) => store.incr(key, (e) => (e ? reject(e) : resolve()), 60_000, 600));
const limiter = new FailureLimiter(database.db, 5, 60_000);

const N = 2000;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const cases: [string, (i: number) => Promise<unknown>][] = [
  ["select 1 (baseline)", () => database.db.execute(sql`select 1`)],
  ["/api rate limit upsert, one key", () => incr("bench-ip")],
  ["/api rate limit upsert, 1,000 keys", (i) => incr(`bench-ip-${i % 1000}`)],
  [
    "failed sign-in: check 2 keys + upsert 2 keys",
    async (i) => {
      await limiter.counts([`ip${i % 500}`, `acct${i % 500}`]);
      await limiter.hit(`ip${i % 500}`, `acct${i % 500}`);
    },
  ],
];
try {
  for (const [name, op] of cases) {
    for (let i = 0; i < 200; i++) await op(i);
    const times: number[] = [];
    const started = performance.now();
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await op(i);
      times.push(performance.now() - t);
    }
    console.log(`${name}: mean ${((performance.now() - started) / N).toFixed(2)} ms, p95 ${p95(times).toFixed(2)} ms`);
  }
  const started = performance.now();
  for (let r = 0; r < 100; r++) await Promise.all(Array.from({ length: 20 }, () => incr("bench-hot")));
  console.log(`20 upserts at once on one key: ${((performance.now() - started) / 100).toFixed(1)} ms per round`);
} finally {
  await dispose();
}
