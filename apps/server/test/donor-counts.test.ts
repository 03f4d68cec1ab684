import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { donorCountDeltas, donors, organizations } from "../src/db/schema.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, importCsv, type TestApp } from "./helpers.ts";

// donor_count_deltas (migration 0021, ADR 051): statement-level triggers append each write statement's
// +n / −n per organisation, housekeeping folds them, and the unfiltered donor list reads their sum.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const stored = async (organizationId: string) =>
  (
    await t.db
      .select({ n: sql<number>`coalesce(sum(${donorCountDeltas.delta}), 0)::int` })
      .from(donorCountDeltas)
      .where(eq(donorCountDeltas.organizationId, organizationId))
  )[0]!.n;
const rowsOf = async (organizationId: string) =>
  t.db.$count(donorCountDeltas, eq(donorCountDeltas.organizationId, organizationId));
const counted = async (organizationId: string) =>
  (await t.db.select({ n: count() }).from(donors).where(eq(donors.organizationId, organizationId)))[0]!.n;
const listTotal = async (cookie: string, query = "") =>
  (await t.request("GET", `/api/donors?page=1&pageSize=10${query}`, { cookie })).json().total as number;

describe("the donor count kept per organisation", () => {
  it("follows inserts, imports, undo and deletes, and the unfiltered list shows it", async () => {
    const org = await buildOrg(t, "Counted Org");
    const other = await buildOrg(t, "Other Counted Org");
    const u = await buildUser(t, { role: "org_owner", organizationId: org.id });
    expect(await stored(org.id)).toBe(0);
    expect(await listTotal(u.cookie)).toBe(0);

    await buildDonor(t, org.id, { firstName: "One", lastName: "Donor" });
    // One statement for two organisations: each gets its own.
    await t.db
      .insert(donors)
      .values([
        ...Array.from({ length: 5 }, (_, i) => ({ organizationId: org.id, firstName: `F${i}`, lastName: "Bulk" })),
        ...Array.from({ length: 3 }, (_, i) => ({ organizationId: other.id, firstName: `O${i}`, lastName: "Other" })),
      ]);
    expect(await stored(org.id)).toBe(6);
    expect(await stored(other.id)).toBe(3);

    // An import of 1,203 rows (three chunks) with one repeat, which updates instead of inserting.
    const rows = Array.from({ length: 1202 }, (_, i) => `Imp${i},Row,imp${i}@example.org`);
    const batch = await importCsv(
      t,
      ["First Name,Last Name,Email", ...rows, "Again,Row,imp7@example.org"].join("\n"),
      u.cookie,
    );
    expect(batch.status).toBe("completed");
    expect(await stored(org.id)).toBe(6 + 1202);
    expect(await counted(org.id)).toBe(6 + 1202);
    expect(await listTotal(u.cookie)).toBe(1208);
    // Filtered and searched lists still count their matches.
    expect(await listTotal(u.cookie, `&filters=${encodeURIComponent(JSON.stringify({ searchTerm: "Bulk" }))}`)).toBe(5);

    const undo = await t.request("POST", `/api/donors/imports/${batch.id}/undo`, { cookie: u.cookie });
    expect(undo.statusCode).toBe(202);
    for (let i = 0; i < 400; i++) {
      const b = (await t.request("GET", `/api/donors/imports/${batch.id}`, { cookie: u.cookie })).json();
      if (b.status === "undone") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await stored(org.id)).toBe(6);
    expect(await listTotal(u.cookie)).toBe(6);

    await t.db.delete(donors).where(eq(donors.lastName, "Bulk"));
    expect(await stored(org.id)).toBe(1);
    expect(await stored(other.id)).toBe(3);

    // Housekeeping folds an organisation's rows into one with the same sum; a sum of 0 leaves no row.
    expect(await rowsOf(org.id)).toBeGreaterThan(3);
    await t.db.delete(donors).where(eq(donors.organizationId, other.id));
    await t.app.repos.donors.foldCounts();
    expect(await rowsOf(org.id)).toBe(1);
    expect(await stored(org.id)).toBe(1);
    expect(await rowsOf(other.id)).toBe(0);
    await buildDonor(t, org.id, { firstName: "After", lastName: "Fold" });
    expect(await stored(org.id)).toBe(2);
    expect(await listTotal(u.cookie)).toBe(2);
  });

  it("lets two writers of one organisation's donors work at once (no counter row to wait on)", async () => {
    const org = await buildOrg(t, "Concurrent Counted Org");
    if (t.database.kind !== "postgres") return; // PGlite has one connection: nothing runs at once
    // The first transaction inserts and stays open while the second inserts and commits.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const firstInserted = new Promise<void>((r) => (inserted = r));
    const first = t.db.transaction(async (tx) => {
      await tx.insert(donors).values({ organizationId: org.id, firstName: "First", lastName: "Writer" });
      inserted();
      await held;
    });
    await firstInserted;
    await t.db.insert(donors).values({ organizationId: org.id, firstName: "Second", lastName: "Writer" });
    release();
    await first;
    expect(await stored(org.id)).toBe(2);
  });

  it("refuses to move a donor to another organisation (the counts rely on it)", async () => {
    const a = await buildOrg(t);
    const b = await buildOrg(t);
    const d = await buildDonor(t, a.id, { firstName: "Stays", lastName: "Put" });
    await expect(t.db.update(donors).set({ organizationId: b.id }).where(eq(donors.id, d.id))).rejects.toThrow();
    // Other updates are untouched by the guard.
    await t.db.update(donors).set({ city: "Elsewhere" }).where(eq(donors.id, d.id));
    expect(await stored(a.id)).toBe(1);
    expect(await stored(b.id)).toBe(0);
  });

  it("goes with its organisation when the organisation is deleted with its donors", async () => {
    const org = await buildOrg(t, "Deleted Counted Org");
    await buildDonor(t, org.id, { firstName: "Gone", lastName: "Soon" });
    await buildDonor(t, org.id, { firstName: "Gone", lastName: "Too" });
    expect(await stored(org.id)).toBe(2);
    // The cascade from organizations deletes the donors and the count row in one statement.
    await t.db.delete(organizations).where(eq(organizations.id, org.id));
    expect(await rowsOf(org.id)).toBe(0);
  });
});
