// An import handed from slice to slice (jobs.ts): with 1 ms slices every chunk of 500 rows is a job of its
// own (a slice always sends one chunk), and each slice continues with the match keys the previous one kept (slice-keys.ts). The rows
// must match exactly as in one long run: a row repeating a donor written several slices earlier
// updates it, and a row matching a donor stored before the import updates that one.
// A slice asks the database for matching donors only for a chunk that may match one: the first chunk
// of each slice here is new, so only the last chunk's slice matches (the log says so, slice by slice).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { donorImportBatches, donors } from "../src/db/schema.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, importCsv, type TestApp } from "./helpers.ts";

let t: TestApp;
const logged: { msg?: string; batchId?: string; chunks?: number; matchedChunks?: number }[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { importSliceMs: 1, logLevel: "info" },
    { logStream: { write: (line) => void logged.push(JSON.parse(line) as (typeof logged)[number]) } },
  );
});
afterAll(async () => {
  await t?.close();
});

describe("an import that runs as many slices", () => {
  it("matches rows against donors earlier slices wrote and donors stored before it", { timeout: 120_000 }, async () => {
    const org = await buildOrg(t, "Slice Org");
    const u = await buildUser(t, { role: "org_owner", organizationId: org.id });
    await buildDonor(t, org.id, {
      firstName: "Stored",
      lastName: "Donor",
      email: "stored@example.org",
      clientId: "S1",
    });
    const lines = ["Client ID,First Name,Last Name,Email,Zip,Estimated Capacity"];
    // Names with multi-byte characters: a later slice jumps to a byte offset in the spool.
    for (let i = 1; i <= 2400; i++) lines.push(`C${i},First${i},Lást🌱${i},person${i}@example.org,0${10000 + i},$${i}`);
    // In the last chunk: row 3 again by email, row 4 by name + zip, row 1200 by Client ID, the stored
    // donor by email, and a new donor whose Client ID an earlier row of this chunk also has.
    lines.push(`,Again,Three,person3@example.org,,$9`);
    lines.push(`,First4,Lást🌱4,,010004,$8`);
    lines.push(`C1200,Twelve,Hundred,,,$7`);
    lines.push(`,Stored,Donor,stored@example.org,,$6`);
    lines.push(`N1,New,One,,,$5`);
    lines.push(`N1,New,Again,,,$4`);
    const b = await importCsv(t, lines.join("\n") + "\n", u.cookie, 1200);
    expect(b.status).toBe("completed");
    expect(b.rowsTotal).toBe(2406);
    expect(b.problemCount ?? 0).toBe(0);
    expect(b.counts).toEqual({ inserted: 2401, updated: 5, unchanged: 0, skipped: 0 });
    const [{ n }] = (await t.db.select({ n: count() }).from(donors).where(eq(donors.organizationId, org.id))) as [
      { n: number },
    ];
    expect(n).toBe(2402);
    const byClient = async (clientId: string) =>
      (
        await t.db
          .select()
          .from(donors)
          .where(and(eq(donors.organizationId, org.id), eq(donors.clientId, clientId)))
      )[0]!;
    expect(await byClient("C3")).toMatchObject({ firstName: "Again", lastName: "Three" });
    expect(Number((await byClient("C4")).estimatedCapacity)).toBe(8);
    expect(await byClient("C1200")).toMatchObject({ firstName: "Twelve", lastName: "Hundred" });
    expect(Number((await byClient("S1")).estimatedCapacity)).toBe(6);
    expect(await byClient("N1")).toMatchObject({ lastName: "Again" });
    const [batch] = await t.db.select().from(donorImportBatches).where(eq(donorImportBatches.id, b.id));
    expect(batch!.rowsDone).toBe(2406);
    expect(await byClient("C2400")).toMatchObject({ firstName: "First2400", lastName: "Lást🌱2400" });
    // Five chunks, a slice each: four only insert; the fifth (rows 2001-2406) matches.
    const slices = logged.filter((l) => l.batchId === b.id && l.chunks !== undefined);
    expect(slices.map((l) => [l.chunks, l.matchedChunks])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 1],
    ]);
    expect(slices.at(-1)!.msg).toBe("import completed");
  });
});
