import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "../../apps/server/src/db/client.ts";
import { readCsvLine } from "../../apps/server/src/services/donors/csv-fast.ts";

/**
 * How fast the machine is just before a timed run: the same million-donor import took 99 to 145 s on
 * one build within 40 minutes (docs/PERFORMANCE.md), and the load average did not explain it. Two
 * fixed pieces of work, each well under a second: the import's CSV reader over 15,000 records of the
 * bench's file (its first 5,000, three times) in this process (one core of Node), and a query that
 * writes a million numbers as text and matches each with LIKE (one backend on PostgreSQL, this process
 * on PGlite; not md5(), which PostgreSQL 15 computes through OpenSSL and PGlite without). Each is timed
 * three times and its fastest time kept, so one preemption does not count. Busy cores: `/proc/stat`
 * over the database's part, its own backend (about one core) and every other process included (null
 * where it cannot be read). Measured against runs, it does not predict one: four 300k imports took
 * 31-34 s while it moved by half (docs/PERFORMANCE.md, 2026-11-30). Read it only to tell a machine
 * that is much slower than usual, or busy.
 */
export async function machineReference(db: Db, file: string) {
  const lines = firstLines(file, 5_000);
  const node = fastest(3, () => {
    // 15,000 records whatever the file's size (a small file's records are read again).
    for (let k = 0; k < 15_000; k++) readCsvLine(lines[k % lines.length]!);
  });
  const database: number[] = [];
  const cpu0 = procStat();
  for (let i = 0; i < 3; i++) {
    const s = performance.now();
    await db.execute(sql`SELECT count(*) FROM generate_series(1, 1000000) AS i WHERE i::text LIKE '%77%'`);
    database.push(performance.now() - s);
  }
  const cpu1 = procStat();
  const busyCores = cpu0 && cpu1 ? (cpu1.busy - cpu0.busy) / ((cpu1.total - cpu0.total) / cpu1.cores) : null;
  return { nodeMs: node, databaseMs: Math.min(...database), busyCores };
}

/** One line for the bench's output. */
export const referenceLine = (r: Awaited<ReturnType<typeof machineReference>>) =>
  `machine reference: CSV reader ${r.nodeMs.toFixed(0)} ms, database ${r.databaseMs.toFixed(0)} ms` +
  (r.busyCores === null ? "" : `, ${r.busyCores.toFixed(1)} cores busy meanwhile`);

function fastest(times: number, work: () => void) {
  let best = Infinity;
  for (let i = 0; i < times; i++) {
    const s = performance.now();
    work();
    best = Math.min(best, performance.now() - s);
  }
  return best;
}

/** The first `n` records of a generated file (one line each: gen-donors writes no line breaks in cells). */
function firstLines(file: string, n: number) {
  const fd = fs.openSync(file, "r");
  try {
    const buf = Buffer.alloc(8 << 20);
    const read = fs.readSync(fd, buf, 0, buf.length, 0);
    return buf
      .toString("utf8", 0, read)
      .split("\n")
      .slice(1, n + 1)
      .filter((line) => line !== ""); // the end of a file shorter than n records
  } finally {
    fs.closeSync(fd);
  }
}

/** The machine's CPU time from /proc/stat (jiffies): busy (all but idle and iowait) and total. */
function procStat() {
  try {
    const text = fs.readFileSync("/proc/stat", "utf8");
    const f = text.split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = f[3]! + f[4]!;
    const cores = text.split("\n").filter((l) => /^cpu\d/.test(l)).length;
    return { busy: total - idle, total, cores };
  } catch {
    return null;
  }
}
