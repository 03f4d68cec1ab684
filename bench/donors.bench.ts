// Donors at scale: imports 100,000 generated donors (125 columns) into one organisation and
// 100,000 into another through the real upload route, then measures a filtered, sorted page,
// and the CSV export. PGlite in a temporary data directory, or PostgreSQL with DATABASE_URL (a fresh database is
// created next to it and dropped afterwards). DONOR_BENCH_ROWS changes the size; DONOR_BENCH_IMPORT_ONLY=1 stops
// after the two imports. DONOR_BENCH_KEEP_DB=1 keeps the PostgreSQL database; DONOR_BENCH_REUSE_DB=NAME measures
// the pages and the export again on such a kept database, without importing (e.g. two builds on the same donors).
// DONOR_BENCH_REIMPORT=1 imports org A's file a second time into org A (every row matched, unchanged);
// DONOR_BENCH_REIMPORT=changed imports another file with the same Client IDs (every row matched and
// updated: names, emails, amounts), as a research export refreshed a month later would be.
// DONOR_BENCH_ONE_ORG=1 imports only org A and DONOR_BENCH_PAGES=N times N pages per query (the million-donor run).
// DONOR_BENCH_DATA_DIR=DIR (PGlite) does both for PGlite: a new directory is filled and kept, an existing one reused.
// DONOR_BENCH_NEIGHBOUR=N: another organisation's pages while org A's import runs. Org B gets N donors
// first; then, while org A's file is uploaded and imported, org B's officer asks for list pages one after
// another (a plain page and a filtered one in turn), and their times are printed for the upload, for
// the rest of the import and for its VACUUM and ANALYZE after it (ADR 081). Org A's CPU figure then
// includes those requests. Only with DONOR_BENCH_IMPORT_ONLY=1.
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { benchDatabase } from "./support/database.ts";
import { benchServer, signedUpAs } from "./support/server.ts";
import { benchCsv, importAndWait } from "./support/upload.ts";
import { machineReference, referenceLine } from "./support/reference.ts";
import { organizations } from "../apps/server/src/db/schema.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";

const ROWS = Number(process.env.DONOR_BENCH_ROWS ?? 100_000);
const PAGE_REQUESTS = Number(process.env.DONOR_BENCH_PAGES ?? 200);

const KEEP_DIR = process.env.DATABASE_URL ? undefined : process.env.DONOR_BENCH_DATA_DIR;
const REUSE = process.env.DATABASE_URL
  ? process.env.DONOR_BENCH_REUSE_DB
  : KEEP_DIR && fs.existsSync(KEEP_DIR) && fs.readdirSync(KEEP_DIR).length > 0
    ? KEEP_DIR
    : undefined;
const { database, dispose } = await benchDatabase({
  keepPostgres: !!process.env.DONOR_BENCH_KEEP_DB,
  reusePostgres: process.env.DATABASE_URL ? REUSE : undefined,
  keepDataDir: KEEP_DIR,
});
const { app, origin } = await benchServer(database);

let peakRss = 0;
let peakHeap = 0;
let peakExternal = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapTotal);
  peakExternal = Math.max(peakExternal, m.external);
}, 50);
const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function officerOf(orgName: string) {
  // A kept database already has the organisation (and its donors): a new officer joins it.
  const [org] = REUSE
    ? await app.db.select().from(organizations).where(eq(organizations.name, orgName))
    : await app.db.insert(organizations).values({ name: orgName }).returning();
  const { cookie } = await signedUpAs(app, origin, "org_officer", org!.id);
  return { org: org!, cookie };
}

const file = await benchCsv(ROWS);
console.log(
  `database: ${database.kind}; file: ${ROWS} rows × 125 columns, ${mb(fs.statSync(file).size)}; RSS before import ${mb(process.memoryUsage().rss)}; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(referenceLine(await machineReference(app.db, file)));

async function importFile(cookie: string, path = file) {
  peakRss = process.memoryUsage().rss;
  // CPU time of this process (the server; with PGlite, the database too): on a shared machine it moves
  // far less with the load than the wall time does.
  const cpu0 = process.cpuUsage();
  const done = await importAndWait(origin, cookie, path);
  const cpu = process.cpuUsage(cpu0);
  return { ...done, cpuMs: (cpu.user + cpu.system) / 1000, rss: peakRss };
}

const a = await officerOf("Bench Org A");
const b = await officerOf("Bench Org B");
const NEIGHBOUR = Number(process.env.DONOR_BENCH_NEIGHBOUR ?? 0);
if (NEIGHBOUR > 0) {
  if (REUSE || !process.env.DONOR_BENCH_IMPORT_ONLY)
    throw new Error("DONOR_BENCH_NEIGHBOUR needs DONOR_BENCH_IMPORT_ONLY=1");
  const ib = await importFile(b.cookie, await benchCsv(NEIGHBOUR));
  console.log(`import ${NEIGHBOUR} rows (org B, the neighbour)   ${(ib.ms / 1000).toFixed(1)} s`);
  await importsTidied();
  // Org B's pages, one after another, until org A's import has ended and its VACUUM is done; each timed from its start.
  let importing = true;
  let start = performance.now();
  const summary = (label: string, t: number[]) =>
    console.log(
      `org B's pages ${label.padEnd(30)} ${t.length} pages  p50 ${pct(t, 50).toFixed(1)} ms  p95 ${pct(t, 95).toFixed(1)} ms  max ${Math.max(...t).toFixed(0)} ms`,
    );
  const asked: { at: number; ms: number; status: number }[] = [];
  const queries = [
    encodeURIComponent(JSON.stringify({})),
    encodeURIComponent(JSON.stringify({ selectedDSRatingFilter: "DS1-1", minCapacity: 250000, maxCapacity: 750000 })),
  ];
  const ask = async (i: number) => {
    const s = performance.now();
    const res = await fetch(`${origin}/api/donors?filters=${queries[i % 2]}&page=${1 + (i % 10)}&pageSize=50`, {
      headers: { cookie: b.cookie },
    });
    await res.arrayBuffer();
    return { at: s - start, ms: performance.now() - s, status: res.status };
  };
  // The same pages with nothing else running, to compare with.
  const alone: number[] = [];
  for (let i = 0; i < 200; i++) alone.push((await ask(i)).ms);
  summary("with no import running", alone);
  start = performance.now();
  const neighbour = (async () => {
    for (let i = 0; importing; i++) asked.push(await ask(i));
  })();
  // The pages go on until the import's VACUUM and ANALYZE are done: on PGlite they hold its one connection.
  const ia = await importFile(a.cookie).catch((err: unknown) => {
    importing = false;
    throw err;
  });
  const tidyFrom = performance.now() - start;
  await importsTidied().finally(() => (importing = false));
  await neighbour;
  console.log(
    `import ${ROWS} rows (org A)          ${(ia.ms / 1000).toFixed(1)} s (upload ${(ia.uploadMs / 1000).toFixed(1)} s)   CPU ${(ia.cpuMs / 1000).toFixed(1)} s   peak RSS ${mb(ia.rss)}   ${JSON.stringify(ia.counts)}`,
  );
  const failed = asked.filter((x) => x.status !== 200).length;
  for (const [label, part] of [
    ["during the upload", asked.filter((x) => x.at < ia.uploadMs)],
    ["during the rest of the import", asked.filter((x) => x.at >= ia.uploadMs && x.at < tidyFrom)],
    ["while it is vacuumed", asked.filter((x) => x.at >= tidyFrom)],
  ] as const) {
    if (part.length)
      summary(
        label,
        part.map((x) => x.ms),
      );
  }
  console.log(`org B's pages that failed               ${failed}`);
} else if (REUSE) {
  console.log(`reusing database ${REUSE}: no import`);
} else {
  const ia = await importFile(a.cookie);
  console.log(
    `import ${ROWS} rows (org A)          ${(ia.ms / 1000).toFixed(1)} s (upload ${(ia.uploadMs / 1000).toFixed(1)} s)   CPU ${(ia.cpuMs / 1000).toFixed(1)} s   peak RSS ${mb(ia.rss)}   ${JSON.stringify(ia.counts)}`,
  );
  if (process.env.DONOR_BENCH_REIMPORT) {
    // The same file into the same organisation again: every row matches a donor (by Client ID) and is
    // unchanged, so every chunk goes through the match query (chunk-sql.ts, prepareChunk). `changed`:
    // another seed, so every matched row is updated as well.
    const changed = process.env.DONOR_BENCH_REIMPORT === "changed";
    const ir = await importFile(a.cookie, changed ? await benchCsv(ROWS, 43) : file);
    console.log(
      `re-import ${ROWS} rows (org A)       ${(ir.ms / 1000).toFixed(1)} s (upload ${(ir.uploadMs / 1000).toFixed(1)} s)   CPU ${(ir.cpuMs / 1000).toFixed(1)} s   peak RSS ${mb(ir.rss)}   ${JSON.stringify(ir.counts)}`,
    );
  }
  if (!process.env.DONOR_BENCH_ONE_ORG) {
    const ib = await importFile(b.cookie);
    console.log(
      `import ${ROWS} rows (org B)          ${(ib.ms / 1000).toFixed(1)} s (upload ${(ib.uploadMs / 1000).toFixed(1)} s)   CPU ${(ib.cpuMs / 1000).toFixed(1)} s   peak RSS ${mb(ib.rss)}`,
    );
  }
}

// An import is complete before its VACUUM (ANALYZE) has run (import-job.ts, tidy): pages measured meanwhile
// would share the machine with it and read stale statistics. Wait for it (the table's last vacuum after the
// last batch finished), and say how long it took.
async function importsTidied() {
  const s = performance.now();
  for (;;) {
    const r = await app.db.execute(
      sql`select (select last_vacuum from pg_stat_user_tables where relname = 'donors') >=
                 (select max(finished_at) from donor_import_batches) as done`,
    );
    if (rowsOf<{ done: boolean | null }>(r)[0]!.done) break;
    if (performance.now() - s > 600_000) throw new Error("the import's VACUUM did not finish in 10 minutes");
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(
    `import's VACUUM (ANALYZE) done       ${((performance.now() - s) / 1000).toFixed(1)} s after the last import`,
  );
}
if (!REUSE && !process.env.DONOR_BENCH_IMPORT_ONLY) await importsTidied();

async function finish() {
  clearInterval(sampler);
  console.log(
    `peak over the run: V8 heap ${mb(peakHeap)}, external (PGlite's WebAssembly memory, buffers) ${mb(peakExternal)}`,
  );
  await app.close();
  await dispose();
}

if (process.env.DONOR_BENCH_IMPORT_ONLY) {
  await finish();
  process.exit(0);
}

async function pages(label: string, filters: Record<string, unknown>, extra = "") {
  const t: number[] = [];
  let total = 0;
  const q = encodeURIComponent(JSON.stringify(filters));
  for (let i = 0; i < PAGE_REQUESTS; i++) {
    const page = 1 + (i % 10);
    const s = performance.now();
    const res = await fetch(`${origin}/api/donors?filters=${q}&page=${page}&pageSize=50${extra}`, {
      headers: { cookie: a.cookie },
    });
    const body = (await res.json()) as { total: number };
    t.push(performance.now() - s);
    total = body.total;
  }
  console.log(
    `${label.padEnd(38)} p50 ${pct(t, 50).toFixed(1)} ms  p95 ${pct(t, 95).toFixed(1)} ms  (${total} matches)`,
  );
}
await pages("page: no filter, by Last Name", {});
await pages("page: DS Rating + capacity range", {
  selectedDSRatingFilter: "DS1-1",
  minCapacity: 250000,
  maxCapacity: 750000,
});
await pages("page: name search 'pat'", { searchTerm: "pat" });
await pages(
  "page: quality + age, by capacity desc",
  { minQualityScore: 5, maxAge: 60 },
  "&sort=estimatedCapacity&dir=desc",
);
// Not among issue 13's four: the filters that were slow in the browser (docs/PERFORMANCE.md).
await pages("page: Current Stage 'Connection'", { selectedStageFilter: "Connection" });
await pages("page: Current Stage 'Discovery'", { selectedStageFilter: "Discovery" });
await pages("page: name search 'ro' (two letters)", { searchTerm: "ro" });
// ADR 058: the contacted donors' index, then the never contacted (every imported donor) by name.
await pages("page: Last Contact, newest first", {}, "&sort=lastContactDate&dir=desc");

{
  peakRss = process.memoryUsage().rss;
  const s = performance.now();
  const res = await fetch(`${origin}/api/donors/export`, { headers: { cookie: a.cookie } });
  let bytes = 0;
  let lines = 0;
  let firstByte = 0;
  for await (const chunk of res.body!) {
    firstByte ||= performance.now() - s;
    const b = Buffer.from(chunk as Uint8Array);
    bytes += b.length;
    // indexOf, not a loop over 13 MB of bytes: on PGlite this process is also the database.
    for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) lines++;
  }
  console.log(
    `export all donors of org A             ${((performance.now() - s) / 1000).toFixed(2)} s  ${lines - 1} rows, ${mb(bytes)}, first byte ${firstByte.toFixed(0)} ms, peak RSS ${mb(peakRss)}`,
  );
}

await finish();
