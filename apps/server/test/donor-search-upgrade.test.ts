// Migrations 0027 (docs/decisions/062-search-on-lower-case-copies.md) and 0031 (075-name-order-keys.md)
// rebuild donor_search from the donors an installation already has. Here a database is migrated up to
// 0026, given donors, then migrated on with the real folder: the copy must hold each donor's name keys,
// lower-case "first last" and email, and the triggers must keep writing them.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldersUpTo, migrationsFolder as folder, upgradeDatabase, type UpgradeDatabase } from "./upgrade.ts";

let query: UpgradeDatabase["query"];
let migrateWith: UpgradeDatabase["migrateWith"];
let close: UpgradeDatabase["close"];
const before = foldersUpTo(26);

beforeAll(async () => {
  ({ query, migrateWith, close } = await upgradeDatabase());
});
afterAll(async () => {
  await close?.();
  fs.rmSync(before, { recursive: true, force: true });
});

describe("migrations 0027 and 0031 on a database with donors", () => {
  it("copies every donor's name keys, lower-case name and email, and the triggers keep them", async () => {
    await migrateWith(before);
    const [org] = await query(`INSERT INTO organizations (name) VALUES ('Upgraded Org') RETURNING id`);
    const people = [
      ["Zoë", "ÖRSTED", "Zoe.Orsted@Example.ORG"],
      [null, "Dürer", null],
      ["ÉLISE", null, "ELISE@X.example"],
    ];
    for (const [first, last, email] of people)
      await query(`INSERT INTO donors (organization_id, first_name, last_name, email) VALUES ($1, $2, $3, $4)`, [
        org!.id,
        first,
        last,
        email,
      ]);
    // Before: 0023's copy, with the email as written.
    expect((await query(`SELECT email FROM donor_search WHERE email IS NOT NULL`)).map((r) => r.email).sort()).toEqual([
      "ELISE@X.example",
      "Zoe.Orsted@Example.ORG",
    ]);

    await migrateWith(folder);
    // Sorted here, by code unit: the database's collation is the installation's.
    const copy = async () =>
      (
        await query(
          `SELECT s.first_name_key, s.last_name_key, s.name_lower, s.email_lower FROM donor_search s
           JOIN donors d ON d.id = s.donor_id WHERE s.organization_id = d.organization_id`,
        )
      ).sort((a, b) => (String(a.name_lower) < String(b.name_lower) ? -1 : 1));
    expect(await copy()).toEqual([
      // The keys of donors stored before 0031: lower case, accents folded.
      { first_name_key: null, last_name_key: "durer", name_lower: " dürer", email_lower: null },
      {
        first_name_key: "zoe",
        last_name_key: "orsted",
        name_lower: "zoë örsted",
        email_lower: "zoe.orsted@example.org",
      },
      { first_name_key: "elise", last_name_key: null, name_lower: "élise ", email_lower: "elise@x.example" },
    ]);

    // The triggers of the new shape: an insert, a rename and an email change.
    await query(`INSERT INTO donors (organization_id, first_name, last_name) VALUES ($1, 'Ann', 'ZED')`, [org!.id]);
    await query(`UPDATE donors SET last_name = 'Dürer-Ådahl' WHERE last_name = 'Dürer'`);
    await query(`UPDATE donors SET email = 'New@Mail.example' WHERE first_name = 'ÉLISE'`);
    expect((await copy()).map((r) => [r.last_name_key, r.name_lower, r.email_lower])).toEqual([
      ["durer-adahl", " dürer-ådahl", null],
      ["zed", "ann zed", null],
      ["orsted", "zoë örsted", "zoe.orsted@example.org"],
      [null, "élise ", "new@mail.example"],
    ]);
  });
});
