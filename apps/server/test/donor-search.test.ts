import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { encodeDonorFilters, type DonorFilterSettings } from "@cultivate/shared";
import { donorSearch, donors, organizations } from "../src/db/schema.ts";
import { rowsOf } from "../src/db/rows.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, importCsv, type TestApp } from "./helpers.ts";

// donor_search (migration 0023, docs/decisions/057-donor-search-table.md): each donor's name and email in
// a narrow row, kept by triggers on donors, which the list's search reads. After every kind of write it
// must hold exactly one row per donor with the donor's organisation, names and email.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Donors whose donor_search row is missing, extra or different (0027: lower-case copies; 0031: name keys). */
const drift = async () => {
  const r = await t.db.execute(sql`
    SELECT count(*)::int AS n FROM ${donors} d FULL JOIN ${donorSearch} s ON s.donor_id = d.id
    WHERE d.id IS NULL OR s.donor_id IS NULL
       OR (d.organization_id, d.first_name_key, d.last_name_key,
           lower(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')), lower(d.email))
          IS DISTINCT FROM (s.organization_id, s.first_name_key, s.last_name_key, s.name_lower, s.email_lower)`);
  return rowsOf<{ n: number }>(r)[0]!.n;
};
const searchRows = async (organizationId: string) =>
  t.db.$count(donorSearch, eq(donorSearch.organizationId, organizationId));
const search = async (cookie: string, filters: DonorFilterSettings, extra = "") => {
  const res = await t.request(
    "GET",
    `/api/donors?filters=${encodeURIComponent(encodeDonorFilters(filters))}${extra.includes("pageSize") ? "" : "&pageSize=50"}${extra}`,
    { cookie },
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { total: number; rows: { firstName: string; email: string | null }[] };
  return { total: body.total, names: body.rows.map((r) => r.firstName) };
};
const waitFor = async (cookie: string, batchId: string, status: string) => {
  for (let i = 0; i < 400; i++) {
    const b = (await t.request("GET", `/api/donors/imports/${batchId}`, { cookie })).json();
    if (b.status === status) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${batchId} never became ${status}`);
};

describe("the search table kept beside donors", () => {
  it("has the trigram indexes everywhere and the organisation's only on PostgreSQL (migrations 0023, 0027)", async () => {
    const names = rowsOf<{ name: string }>(
      await t.db.execute(sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'donor_search' ORDER BY 1`),
    ).map((r) => r.name);
    expect(names).toEqual([
      "donor_search_email_trgm_idx",
      "donor_search_name_trgm_idx",
      ...(t.database.kind === "postgres" ? ["donor_search_org_idx"] : []),
      "donor_search_pkey",
    ]);
  });

  it("follows inserts, imports, renames by re-import, undo and deletes; other updates leave it", async () => {
    const org = await buildOrg(t, "Searched Org");
    const u = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const one = await buildDonor(t, org.id, { firstName: "Quinn", lastName: "Solo", email: "quinn@solo.org" });
    expect(await drift()).toBe(0);
    expect(await search(u.cookie, { searchTerm: "quinn" })).toEqual({ total: 1, names: ["Quinn"] });

    // 1,201 rows (two chunks of the import): one insert statement per chunk.
    const rows = Array.from({ length: 1201 }, (_, i) => `Imp${i},Searchrow,imp${i}@search.example`);
    const first = await importCsv(t, ["First Name,Last Name,Email", ...rows].join("\n"), u.cookie);
    expect(first.status).toBe("completed");
    expect(await drift()).toBe(0);
    expect(await searchRows(org.id)).toBe(1202);
    expect((await search(u.cookie, { searchTerm: "searchrow" })).total).toBe(1201);

    // A re-import matched by email renames two donors; the search finds the new names only.
    const second = await importCsv(
      t,
      ["First Name,Last Name,Email", "Renamed,Searchrow,imp5@search.example", "Imp6,Moved,imp6@search.example"].join(
        "\n",
      ),
      u.cookie,
    );
    expect(second.status).toBe("completed");
    expect(await drift()).toBe(0);
    expect(await search(u.cookie, { searchTerm: "renamed" })).toEqual({ total: 1, names: ["Renamed"] });
    expect(await search(u.cookie, { searchTerm: "moved" })).toEqual({ total: 1, names: ["Imp6"] });
    expect((await search(u.cookie, { searchTerm: "imp5 searchrow" })).total).toBe(0);

    // Updates of other columns (notes, city) do not touch it; a direct email change does.
    const notes = await t.request("PUT", `/api/donors/${one.id}/notes`, {
      cookie: u.cookie,
      body: { notes: "<p>Met at the gala</p>" },
    });
    expect(notes.statusCode, notes.body).toBe(200);
    await t.db.update(donors).set({ city: "Leeds" }).where(eq(donors.id, one.id));
    await t.db.update(donors).set({ email: "q@new.example" }).where(eq(donors.id, one.id));
    expect(await drift()).toBe(0);
    expect(await search(u.cookie, { searchTerm: "new.example" })).toEqual({ total: 1, names: ["Quinn"] });
    expect((await search(u.cookie, { searchTerm: "quinn@solo" })).total).toBe(0);

    // Undo of the re-import puts the old names back; undo of the first import removes its donors.
    for (const batch of [second, first]) {
      const undo = await t.request("POST", `/api/donors/imports/${batch.id}/undo`, { cookie: u.cookie });
      expect(undo.statusCode, undo.body).toBe(202);
      await waitFor(u.cookie, batch.id, "undone");
      expect(await drift()).toBe(0);
    }
    expect(await searchRows(org.id)).toBe(1);
    expect((await search(u.cookie, { searchTerm: "searchrow" })).total).toBe(0);

    await t.db.delete(donors).where(eq(donors.id, one.id));
    expect(await searchRows(org.id)).toBe(0);
    expect(await drift()).toBe(0);
  });

  it("finds what ILIKE on the donors finds, in any case and script (ADR 062)", async () => {
    const org = await buildOrg(t, "Cased Searched Org");
    const u = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const people: [string | null, string | null, string | null][] = [
      ["Zoë", "Ørsted", "ZOE.Orsted@Example.ORG"],
      ["ÉLISE", "Dürer", "elise@dürer.example"],
      ["Ἀλέξανδρος", "ΣΟΦΌΣ", null],
      ["İlkay", "Straße", "ILKAY@STRASSE.example"],
      [null, "Back\\Slash", "a_b%c@x.example"],
      ["Ann", null, "ANN@x.example"],
    ];
    for (const [firstName, lastName, email] of people) await buildDonor(t, org.id, { firstName, lastName, email });
    const terms = ["zoë ø", "ZOË", "élise", "DÜRER", "ΣΟΦ", "σοφ", "ἀλέ", "straße", "STRASSE", "i̇lkay", "İLKAY"];
    terms.push("ilkay", "k\\s", "a_b%", "%", "_b", "ann", " ", "e.org", "@", "x.example", "nobody");
    for (const term of terms) {
      // The definition the search had before ADR 062, on donors: ILIKE on "first last" or the email.
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const [{ n }] = rowsOf<{ n: number }>(
        await t.db.execute(sql`
          SELECT count(*)::int AS n FROM ${donors}
          WHERE organization_id = ${org.id}
            AND ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ILIKE ${like} OR email ILIKE ${like})`),
      ) as [{ n: number }];
      const alone = await search(u.cookie, { searchTerm: term });
      // Sorted otherwise, the search is a condition on donors (its IN subquery on donor_search).
      const sorted = await search(u.cookie, { searchTerm: term }, "&sort=estimatedCapacity");
      expect([term, alone.total, sorted.total]).toEqual([term, n, n]);
    }
    expect((await search(u.cookie, { searchTerm: "zoë ø" })).names).toEqual(["Zoë"]);
    expect((await search(u.cookie, { searchTerm: "ΣΟΦ" })).names).toEqual(["Ἀλέξανδρος"]);
  });

  it("goes with an organisation that is deleted with its donors", async () => {
    const org = await buildOrg(t, "Deleted Searched Org");
    await buildDonor(t, org.id, { firstName: "Gone", lastName: "Searched" });
    expect(await searchRows(org.id)).toBe(1);
    await t.db.delete(organizations).where(eq(organizations.id, org.id));
    expect(await searchRows(org.id)).toBe(0);
    expect(await drift()).toBe(0);
  });

  it("answers a search with other filters, other sorts, a group and past the last page like the plain one", async () => {
    const org = await buildOrg(t, "Sorted Searched Org");
    const u = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const d = (firstName: string, lastName: string, estimatedCapacity: number | null, dsRating: string) =>
      buildDonor(t, org.id, { firstName, lastName, estimatedCapacity, dsRating, email: `${firstName}@x.example` });
    const [ava] = [await d("Ava", "Marsh", 500, "DS1-1"), await d("Ben", "Marsh", null, "DS1-2")];
    await d("Cal", "Abbot", 9000, "DS1-1");
    await d("Dot", "Zed", 100, "DS1-1");
    // Another organisation's Marsh never shows.
    await buildDonor(t, (await buildOrg(t)).id, { firstName: "Eve", lastName: "Marsh" });

    // Search alone, by name either way (donor_search gives the page and the count).
    expect(await search(u.cookie, { searchTerm: "marsh" })).toEqual({ total: 2, names: ["Ava", "Ben"] });
    expect(await search(u.cookie, { searchTerm: "marsh" }, "&dir=desc")).toEqual({ total: 2, names: ["Ben", "Ava"] });
    // "a" is in every one (x.example).
    expect(await search(u.cookie, { searchTerm: "a" }, "&sort=firstName&dir=desc")).toEqual({
      total: 4,
      names: ["Dot", "Cal", "Ben", "Ava"],
    });
    expect(await search(u.cookie, { searchTerm: "x.example" }, "&pageSize=2&page=2")).toEqual({
      total: 4,
      names: ["Ben", "Dot"],
    });
    expect(await search(u.cookie, { searchTerm: "marsh" }, "&page=3")).toEqual({ total: 2, names: [] });
    // With another filter, another sort or a group, the search is a condition on donors.
    expect(await search(u.cookie, { searchTerm: "x.example", selectedDSRatingFilter: "DS1-1" })).toEqual({
      total: 3,
      names: ["Cal", "Ava", "Dot"],
    });
    // Past the last page the count is a query of its own (a one-table select: bare column names).
    expect(await search(u.cookie, { searchTerm: "x.example", selectedDSRatingFilter: "DS1-1" }, "&page=5")).toEqual({
      total: 3,
      names: [],
    });
    expect(await search(u.cookie, { searchTerm: "x.example" }, "&sort=estimatedCapacity&dir=desc")).toEqual({
      total: 4,
      names: ["Cal", "Ava", "Dot", "Ben"],
    });
    const group = await t.request("POST", "/api/donor-groups", { cookie: u.cookie, body: { name: "Marshes" } });
    expect(group.statusCode, group.body).toBe(201);
    const add = await t.request("POST", `/api/donor-groups/${group.json().id}/members`, {
      cookie: u.cookie,
      body: { donorIds: [ava.id] },
    });
    expect(add.statusCode, add.body).toBeLessThan(300);
    expect(await search(u.cookie, { searchTerm: "marsh" }, `&staticGroup=${group.json().id}`)).toEqual({
      total: 1,
      names: ["Ava"],
    });
    // The export with a search gives the same donors.
    const csv = await t.request(
      "GET",
      `/api/donors/export?filters=${encodeURIComponent(encodeDonorFilters({ searchTerm: "marsh" }))}`,
      { cookie: u.cookie },
    );
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .trim()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(",")[0]),
    ).toEqual(["Ava", "Ben"]);
  });
});
