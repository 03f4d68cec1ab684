// Database.quiet: how an import's chunks give way to requests on PGlite, whose one connection runs on
// the server's thread (src/db/client.ts, services/donors/import/import-job.ts). PostgreSQL has none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.ts";
import { openTestDatabase, testDatabaseKind } from "./helpers.ts";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe.runIf(testDatabaseKind === "pglite")("PGlite: waiting for the database to be quiet", () => {
  it("waits for a statement started after `since` and for the gap after it", async () => {
    const since = performance.now();
    let ended = 0;
    const slow = database.sql.execute("SELECT pg_sleep(0.2)").then(() => (ended = performance.now()));
    await database.quiet!(since, 20, 10_000);
    expect(ended).toBeGreaterThan(0);
    expect(performance.now() - ended).toBeGreaterThanOrEqual(19); // the gap, less the timer's rounding
    await slow;
  });

  it("does not wait for statements that ended before `since` (the job's own)", async () => {
    await database.sql.execute("SELECT 1");
    const since = performance.now();
    const start = performance.now();
    await database.quiet!(since, 5_000, 10_000);
    expect(performance.now() - start).toBeLessThan(2_500); // not the 5 s gap
  });

  it("gives up after maxMs while statements keep coming, so the import always moves on", async () => {
    let running = true;
    // Each "request" arrives in a turn of the event loop of its own, as requests come off the network.
    const requests = (async () => {
      while (running) {
        await database.sql.execute("SELECT 1");
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await database.quiet!(performance.now(), 20, 100);
    expect(running).toBe(true);
    running = false;
    await requests;
  });
});

describe.runIf(testDatabaseKind === "postgres")("PostgreSQL", () => {
  it("has no quiet: a request gets its own connection beside the import's", () => {
    expect(database.quiet).toBeUndefined();
  });
});
