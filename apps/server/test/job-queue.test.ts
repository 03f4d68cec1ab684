import { afterEach, describe, expect, it } from "vitest";
import pino from "pino";
import { JobQueue } from "../src/jobs/queue.ts";
import type { Database } from "../src/db/client.ts";
import { openTestDatabase, testDatabaseKind } from "./helpers.ts";

const log = pino({ level: "silent" });
const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe(`job queue (${testDatabaseKind})`, () => {
  let opened: { database: Database; drop: () => Promise<void> } | null = null;
  const queues: JobQueue[] = [];
  const queue = (options = {}) => {
    const q = new JobQueue(opened!.database.sql, log, { pollingIntervalSeconds: 0.5, ...options });
    queues.push(q);
    return q;
  };
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop(0);
    await opened?.database.close();
    await opened?.drop();
    opened = null;
  });

  it("runs a job sent before any worker started, once, with its data", async () => {
    opened = await openTestDatabase();
    const sender = queue();
    await sender.start();
    await sender.send("greet", { name: "Ada" });
    await sender.stop();

    const seen: unknown[] = [];
    const worker = queue();
    worker.work<{ name: string }>("greet", async (data) => {
      seen.push(data);
    });
    await worker.start();
    await until(() => seen.length === 1);
    await new Promise((r) => setTimeout(r, 1200));
    expect(seen).toEqual([{ name: "Ada" }]);
  }, 60_000);

  it("retries a job whose handler failed", async () => {
    opened = await openTestDatabase();
    let attempts = 0;
    const q = queue();
    q.work("flaky", async () => {
      if (++attempts === 1) throw new Error("first attempt fails");
    });
    await q.start();
    await q.send("flaky", {});
    await until(() => attempts === 2);
  }, 60_000);

  it("runs the jobs of one key one at a time, across workers, and other keys beside them", async () => {
    opened = await openTestDatabase();
    const running = new Map<string, number>();
    let overlapSameKey = false;
    const order: string[] = [];
    const handler = async (data: { key: string; n: number }) => {
      const now = (running.get(data.key) ?? 0) + 1;
      running.set(data.key, now);
      if (now > 1) overlapSameKey = true;
      await new Promise((r) => setTimeout(r, 300));
      order.push(`${data.key}#${data.n}`);
      running.set(data.key, now - 1);
    };
    const a = queue();
    const b = queue();
    a.work("per-org", handler, { policy: "one-per-key" });
    b.work("per-org", handler, { policy: "one-per-key" });
    await a.start();
    await b.start();
    for (const [key, n] of [
      ["org-1", 1],
      ["org-1", 2],
      ["org-1", 3],
      ["org-2", 1],
    ] as const) {
      await a.send("per-org", { key, n }, { singletonKey: key });
    }
    await until(() => order.length === 4, 40_000);
    expect(overlapSameKey).toBe(false);
    expect(order.filter((o) => o.startsWith("org-1"))).toHaveLength(3);
  }, 60_000);

  it("starts the next job of a key at once when the running one completes itself first", async () => {
    // An import slice hands its batch on this way (jobs.ts): complete, then send the next slice. Without
    // the complete the next job waits until the handler has returned, and then for a poll (30 s here).
    opened = await openTestDatabase();
    const events: string[] = [];
    const q = queue({ pollingIntervalSeconds: 30 });
    q.work<{ n: number }>(
      "hand-on",
      async ({ n }, job) => {
        events.push(`start ${n}`);
        if (n === 1) {
          await q.complete("hand-on", job.id);
          await q.send("hand-on", { n: 2 }, { singletonKey: "org" });
          await until(() => events.includes("start 2"), 10_000);
        }
        events.push(`end ${n}`);
      },
      { policy: "one-per-key", concurrency: 2 },
    );
    await q.start();
    await q.send("hand-on", { n: 1 }, { singletonKey: "org" });
    await until(() => events.includes("end 1") && events.includes("end 2"));
    expect(events.indexOf("start 2")).toBeLessThan(events.indexOf("end 1"));
  }, 60_000);

  it("gives a job whose worker vanished to another worker once it expires", async () => {
    opened = await openTestDatabase();
    let firstStarted = false;
    const lost = queue({ expireInSeconds: 1, maintenanceIntervalSeconds: 1 });
    // The first worker claims the job and never finishes (its server died mid-job).
    lost.work("long", () => {
      firstStarted = true;
      return new Promise<void>(() => {});
    });
    await lost.start();
    await lost.send("long", { step: 1 });
    await until(() => firstStarted);
    await lost.stop(0);

    const done: unknown[] = [];
    const rescuer = queue({ expireInSeconds: 1, maintenanceIntervalSeconds: 1 });
    rescuer.work("long", async (data, job) => {
      done.push({ data, retryCount: job.retryCount });
    });
    await rescuer.start();
    await until(() => done.length === 1, 40_000);
    expect(done[0]).toEqual({ data: { step: 1 }, retryCount: 1 });
  }, 60_000);

  it.runIf(testDatabaseKind === "postgres")(
    "two workers on one database never run one job twice",
    async () => {
      opened = await openTestDatabase();
      const runs = new Map<number, number>();
      const handler = async (data: { n: number }) => {
        runs.set(data.n, (runs.get(data.n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
      };
      const a = queue();
      const b = queue();
      a.work("share", handler);
      b.work("share", handler);
      await a.start();
      await b.start();
      for (let n = 0; n < 40; n++) await a.send("share", { n });
      await until(() => runs.size === 40, 40_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect([...runs.values()].every((c) => c === 1)).toBe(true);
    },
    60_000,
  );
});
