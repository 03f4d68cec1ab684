// The embedded database on disk (DATA_DIR), as `npm start` opens it. Always PGlite, whichever database
// the other suites use.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../src/db/client.ts";
import { organizations } from "../src/db/schema.ts";

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-datadir-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("PGlite data directory", () => {
  it("creates the cluster on first open (in a child process), migrates it, and keeps data across restarts", async () => {
    const dataDir = tempDir();
    // A cluster creation that was interrupted earlier leaves its temporary directory: it is replaced.
    fs.mkdirSync(path.join(dataDir, "pglite.creating", "junk"), { recursive: true });
    const first = await openDatabase({ kind: "pglite", dataDir });
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "pglite.creating"))).toBe(false);
    await first.db.insert(organizations).values({ name: "Kept Across Restarts" });
    // The memory settings that keep a large import inside its budget (docs/PERFORMANCE.md).
    const settings: unknown = await first.db.execute(
      sql`SELECT current_setting('shared_buffers') AS sb, current_setting('maintenance_work_mem') AS mwm`,
    );
    expect((settings as { rows: unknown[] }).rows[0]).toEqual({ sb: "64MB", mwm: "16MB" });
    await first.close();

    const again = await openDatabase({ kind: "pglite", dataDir });
    const rows = await again.db.select().from(organizations).where(eq(organizations.name, "Kept Across Restarts"));
    expect(rows).toHaveLength(1);
    await again.close();
  }, 60_000);

  it("refuses a data directory another live process holds, and leaves it untouched", async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "cultivate.lock"), String(process.ppid));
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another Cultivate process (pid ${process.ppid}). Stop it, or use another DATA_DIR.`,
    );
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, "cultivate.lock"), "utf8")).toBe(String(process.ppid));
  });
});
