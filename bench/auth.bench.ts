// Sign-in and session lookups through real HTTP on loopback, on PGlite (in memory) or, with
// DATABASE_URL, PostgreSQL. Bounded: a fixed number of requests, then it stops.
import { performance } from "node:perf_hooks";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { hashPassword } from "../apps/server/src/auth/password.ts";
import { benchServer } from "./support/server.ts";

const SIGN_INS = 40;
const ME_REQUESTS = 1000;
const CONCURRENCY = 10;

const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL })
  : await openDatabase({ kind: "pglite" });
const { app, origin } = await benchServer(database);

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const report = (label: string, ms: number[], totalMs: number) =>
  console.log(
    `${label.padEnd(34)} n=${String(ms.length).padStart(5)}  p50 ${pct(ms, 50).toFixed(1)} ms  p95 ${pct(ms, 95).toFixed(1)} ms  ${(ms.length / (totalMs / 1000)).toFixed(0)} req/s`,
  );

// argon2id cost alone
{
  const t: number[] = [];
  const start = performance.now();
  for (let i = 0; i < 10; i++) {
    const s = performance.now();
    await hashPassword("benchmark-password");
    t.push(performance.now() - s);
  }
  report("argon2id hash (m=19456,t=2,p=1)", t, performance.now() - start);
}

const email = `bench-${Date.now()}@example.org`;
await fetch(`${origin}/api/auth/sign-up/email`, {
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({ email, password: "benchmark-password" }),
});

let cookie = "";
{
  const t: number[] = [];
  const start = performance.now();
  for (let i = 0; i < SIGN_INS; i++) {
    const s = performance.now();
    const res = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password: "benchmark-password" }),
    });
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await res.text();
    t.push(performance.now() - s);
  }
  report("POST /api/auth/sign-in/email", t, performance.now() - start);
}

{
  const t: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ME_REQUESTS) {
        next++;
        const s = performance.now();
        const res = await fetch(`${origin}/api/me`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`/api/me answered ${res.status}`);
        await res.text();
        t.push(performance.now() - s);
      }
    }),
  );
  report(`GET /api/me (concurrency ${CONCURRENCY})`, t, performance.now() - start);
}

await app.close();
await database.close();
console.log(`database: ${database.kind}`);
