// A bad cell or a row the database refuses is a problem in the report, never a failed import; a stopped
// import can be undone; the import's status never carries SQL, parameters or donor data (issue 11, items 4–5).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { DONOR_MESSAGES } from "@cultivate/shared";
import { donorImportBatches, donorImportProblems, donors } from "../src/db/schema.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const upload = (csv: string, cookie: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/donors/imports",
    payload: csv,
    headers: { "content-type": "text/csv", cookie, origin: t.config.appUrl },
  });

async function waitFor(id: string, cookie: string, until = ["completed", "failed", "interrupted", "undone"]) {
  for (let i = 0; i < 1200; i++) {
    const res = await t.request("GET", `/api/donors/imports/${id}`, { cookie });
    const b = res.json();
    if (until.includes(b.status)) return { batch: b, body: res.body };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("import did not finish");
}
async function importCsv(csv: string, cookie: string) {
  const res = await upload(csv, cookie);
  expect(res.statusCode, res.body).toBe(202);
  return waitFor(res.json().id, cookie);
}
const donorCount = async (orgId: string) =>
  (await t.db.select({ n: count() }).from(donors).where(eq(donors.organizationId, orgId)))[0]!.n;

const HEADER =
  "Client ID,First Name,Last Name,Email,Estimated Capacity,Classic Quality Score,# Of Gifts,Last Gift Date,Hobby";
const row = (i: number) => `B${i},First${i},Last${i},person${i}@example.org,$${i},1.5,3,01/02/2020,chess`;

/** What no import status may carry: SQL, the driver's wrapper, parameters. */
const LEAKS = /Failed query|INSERT INTO|UPDATE "|params:|json_to_recordset|donor_import|violates/i;

describe("bad cells and refused rows", () => {
  it("imports every good row of a 1,200-row file with a NUL cell, a 10 KB name, oversized numbers and a row the database refuses, and reports each bad one", async () => {
    const org = await buildOrg(t, "Bad Rows Org");
    const u = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const lines = [HEADER];
    for (let i = 1; i <= 1200; i++) lines.push(row(i));
    lines[5] = `B5,First5,Smi\u0000th,person5@example.org,$5,1.5,3,01/02/2020,ch\u0000ess`;
    lines[700] = `B700,${"N".repeat(10 * 1024)},Last700,person700@example.org,$700,1.5,3,01/02/2020,chess`;
    lines[800] = `B800,First800,Last800,person800@example.org,$800,1.5,3,01/02/2020,${"h".repeat(10 * 1024)}`;
    lines[900] = `B900,First900,Last900,person900@example.org,$900,99999999,3,01/02/2020,chess`;
    lines[950] = `B950,First950,Last950,person950@example.org,999999999999.999,1.5,2147483648,2023-02-30,chess`;
    lines[1100] = `B1100,First1100,Last1100,${"e".repeat(300)}@example.org,$1100,1.5,3,01/02/2020,chess`;
    lines[1150] = `B1150,Refused,Last1150,person1150@example.org,$1150,1.5,3,01/02/2020,chess`;
    // A value only the database refuses (a constraint of this test): its chunk is written again row by row.
    await t.db.execute(
      sql`ALTER TABLE donors ADD CONSTRAINT test_refuses_a_name CHECK (first_name IS DISTINCT FROM 'Refused')`,
    );
    try {
      const { batch: b, body } = await importCsv(lines.join("\n") + "\n", u.cookie);
      expect(b.status).toBe("completed");
      expect(b.error).toBeNull();
      expect(b.rowsDone).toBe(1200);
      expect(b.counts).toEqual({ inserted: 1196, updated: 0, unchanged: 0, skipped: 4 });
      expect(await donorCount(org.id)).toBe(1196);
      expect(b.problems).toEqual([
        { row: 5, column: "Last Name", problem: "The cell contained NUL characters; they were removed." },
        { row: 5, column: "Hobby", problem: "The cell contained NUL characters; they were removed." },
        {
          row: 700,
          column: "First Name",
          problem: "First Name is longer than 200 characters; the row was not imported.",
        },
        { row: 800, column: "Hobby", problem: "Hobby is longer than 10,000 characters; the row was not imported." },
        {
          row: 900,
          column: "Classic Quality Score",
          problem: '"99999999" is too large for Classic Quality Score; the field was left empty.',
        },
        {
          row: 950,
          column: "Estimated Capacity",
          problem: '"999999999999.999" is too large for Estimated Capacity; the field was left empty.',
        },
        { row: 950, column: "# Of Gifts", problem: '"2147483648" is not a whole number; the field was left empty.' },
        { row: 950, column: "Last Gift Date", problem: '"2023-02-30" is not a valid date; the field was left empty.' },
        { row: 1100, column: "Email", problem: "Email is longer than 254 characters; the row was not imported." },
        { row: 1150, column: "", problem: "The database refused a value in this row; it was not imported." },
      ]);
      expect(b.problemCount).toBe(10);
      expect(body.length).toBeLessThan(5000);
      expect(body).not.toMatch(LEAKS);

      const get = async (clientId: string) =>
        (
          await t.db
            .select()
            .from(donors)
            .where(and(eq(donors.organizationId, org.id), eq(donors.clientId, clientId)))
        )[0];
      expect(await get("B5")).toMatchObject({ lastName: "Smith", extra: { unknown: { Hobby: "chess" } } });
      expect(await get("B700")).toBeUndefined();
      expect(await get("B800")).toBeUndefined();
      expect(await get("B1100")).toBeUndefined();
      expect(await get("B1150")).toBeUndefined();
      expect(await get("B1149")).toMatchObject({ firstName: "First1149" }); // the refused row's chunk neighbours are imported
      expect(await get("B1200")).toMatchObject({ firstName: "First1200" });
      expect(await get("B900")).toMatchObject({
        classicQualityScore: null,
        extra: { invalid: { classicQualityScore: "99999999" } },
      });
      expect(await get("B950")).toMatchObject({ estimatedCapacity: null, numberOfGifts: null, lastGiftDate: null });

      // The import is an ordinary completed one: undo removes what it wrote.
      expect(b.canUndo).toBe(true);
      expect((await t.request("POST", `/api/donors/imports/${b.id}/undo`, { cookie: u.cookie })).statusCode).toBe(202);
      expect((await waitFor(b.id, u.cookie, ["undone"])).batch.status).toBe("undone");
      expect(await donorCount(org.id)).toBe(0);
    } finally {
      await t.db.execute(sql`ALTER TABLE donors DROP CONSTRAINT test_refuses_a_name`);
    }
  });

  it("keeps the first 1,000 problems, each bounded, and counts them all", async () => {
    const org = await buildOrg(t, "Many Problems Org");
    const u = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const lines = ["First Name,Last Name,Last Gift Date"];
    for (let i = 1; i <= 1500; i++) lines.push(`F${i},L${i},${"9".repeat(99)}`);
    const { batch: b, body } = await importCsv(lines.join("\n"), u.cookie);
    expect(b.status).toBe("completed");
    expect(b.counts.inserted).toBe(1500);
    expect(b.problemCount).toBe(1500);
    expect(b.problems).toHaveLength(1000);
    expect(b.problems[999].row).toBe(1000);
    expect(b.problems.every((p: { problem: string }) => p.problem.length <= 300)).toBe(true);
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(donorImportProblems)
      .where(eq(donorImportProblems.batchId, b.id))) as [{ n: number }];
    expect(n).toBe(1000);
    expect(body.length).toBeLessThan(250_000);
  });
});

describe("an import stopped by a database error", () => {
  it("ends failed with one sentence (no SQL, no donor data) and can be undone: updated donors reverted, inserted ones removed", async () => {
    const org = await buildOrg(t, "Stopped Org");
    const u = await buildUser(t, { role: "org_manager", organizationId: org.id });
    const ann = await buildDonor(t, org.id, {
      firstName: "Ann",
      lastName: "Before",
      clientId: "B3",
      email: "ann.private@example.org",
      estimatedCapacity: 10,
    });
    const lines = [HEADER];
    for (let i = 1; i <= 1200; i++) lines.push(row(i));
    // The database refuses the second chunk's progress (a constraint of this test): no row can be blamed,
    // so the import stops after the first chunk (500 rows, one of them an update of Ann).
    await t.db.execute(
      sql`ALTER TABLE donor_import_batches ADD CONSTRAINT test_stops_imports CHECK (rows_done <= 600) NOT VALID`,
    );
    let id: string;
    try {
      const { batch: b, body } = await importCsv(lines.join("\n"), u.cookie);
      id = b.id;
      expect(b.status).toBe("failed");
      expect(b.error).toBe(DONOR_MESSAGES.importStopped);
      expect(b.error).toBe(
        "The import stopped because of an unexpected error. The rows imported before it can be undone.",
      );
      expect(b.rowsDone).toBe(500);
      expect(b.counts).toEqual({ inserted: 499, updated: 1, unchanged: 0, skipped: 0 });
      expect(body).not.toMatch(LEAKS);
      expect(body).not.toContain("person1@example.org");
      expect(b.canUndo).toBe(true);
      const list = await t.request("GET", "/api/donors/imports", { cookie: u.cookie });
      expect(list.body).not.toMatch(LEAKS);
    } finally {
      await t.db.execute(sql`ALTER TABLE donor_import_batches DROP CONSTRAINT test_stops_imports`);
    }
    expect(await donorCount(org.id)).toBe(500);

    const undo = await t.request("POST", `/api/donors/imports/${id}/undo`, { cookie: u.cookie });
    expect(undo.statusCode, undo.body).toBe(202);
    expect((await waitFor(id, u.cookie, ["undone"])).batch).toMatchObject({
      status: "undone",
      canUndo: false,
      error: null,
    });
    expect(await donorCount(org.id)).toBe(1);
    expect((await t.db.select().from(donors).where(eq(donors.id, ann.id)))[0]).toMatchObject({
      firstName: "Ann",
      lastName: "Before",
      estimatedCapacity: 10,
    });

    const again = await t.request("POST", `/api/donors/imports/${id}/undo`, { cookie: u.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This import cannot be undone now: it is still running or was already undone.");
  });

  it("never shows what an older version stored in a report: raw SQL errors and huge problem texts are replaced or cut short", async () => {
    const org = await buildOrg(t, "Legacy Org");
    const u = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const secret = "legacy.donor@example.org";
    const [b] = await t.db
      .insert(donorImportBatches)
      .values({
        organizationId: org.id,
        status: "failed",
        rowsTotal: 10,
        rowsDone: 5,
        problemCount: 1,
        error: `The import stopped: Failed query: INSERT INTO "donors" ("first_name") SELECT … params: [{"email":"${secret}","notes":"${"x".repeat(200_000)}"}]`,
      })
      .returning();
    await t.db.insert(donorImportProblems).values({
      batchId: b!.id,
      row: 1,
      column: "y".repeat(5000),
      problem: `"${secret}${"z".repeat(200_000)}" is not a valid date`,
    });
    const res = await t.request("GET", `/api/donors/imports/${b!.id}`, { cookie: u.cookie });
    expect(res.statusCode).toBe(200);
    const got = res.json();
    expect(got.error).toBe(DONOR_MESSAGES.importStopped);
    expect(got.problems[0].problem.length).toBeLessThanOrEqual(300);
    expect(got.problems[0].column.length).toBeLessThanOrEqual(300);
    expect(res.body).not.toMatch(LEAKS);
    expect(res.body.length).toBeLessThan(2000);
    const list = await t.request("GET", "/api/donors/imports", { cookie: u.cookie });
    expect(list.body).not.toContain(secret);
    expect(list.body.length).toBeLessThan(2000);
  });
});
