// Issue 15, Portfolios (docs/RULES.md, Portfolios): the import's optional Relationship Manager column.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { relationshipManagerImportProblem } from "@cultivate/shared";
import { donors } from "../src/db/schema.ts";
import { buildUser, createTestApp, importCsv, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationPeople } from "./fixtures.ts";

let t: TestApp;
let a: OrganizationPeople;
let b: OrganizationPeople;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await twoOrganizations(t, { names: ["RM Import A", "RM Import B"], records: false }));
});
afterAll(async () => {
  await t?.close();
});

async function waitFor(id: string, cookie: string, until = ["completed", "failed", "undone"]) {
  for (let i = 0; i < 600; i++) {
    const body = (await t.request("GET", `/api/donors/imports/${id}`, { cookie })).json();
    if (until.includes(body.status)) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("import did not finish");
}
const managerByLastName = async (organizationId: string) =>
  Object.fromEntries(
    (
      await t.db
        .select({ lastName: donors.lastName, m: donors.relationshipManagerId })
        .from(donors)
        .where(eq(donors.organizationId, organizationId))
    ).map((r) => [r.lastName, r.m]),
  );

describe("the import's Relationship Manager column", () => {
  it("assigns officers, managers and owners of the organisation by email; anyone else is a one-sentence problem and the row is imported unassigned", async () => {
    const plain = await buildUser(t, { organizationId: a.org.id });
    const csv = [
      "First Name,Last Name,Relationship Manager Email",
      `Ada,Officer,${a.officer.email.toUpperCase()}`,
      `Bo,Owner, ${a.owner.email} `,
      `Cy,Manager,${a.manager.email}`,
      `Di,Foreign,${b.officer.email}`,
      `Ed,Applicant,${a.applicant.email}`,
      `Fay,Plain,${plain.email}`,
      "Gus,Nobody,nobody@example.org",
      "Hal,Empty,",
    ].join("\r\n");
    const batch = await importCsv(t, csv, a.owner.cookie);
    expect(batch.status).toBe("completed");
    expect(batch.counts).toMatchObject({ inserted: 8, skipped: 0 });
    expect(await managerByLastName(a.org.id)).toEqual({
      Officer: a.officer.userId,
      Owner: a.owner.userId,
      Manager: a.manager.userId,
      Foreign: null,
      Applicant: null,
      Plain: null,
      Nobody: null,
      Empty: null,
    });
    expect(batch.problems).toEqual([
      { row: 4, column: "Relationship Manager Email", problem: relationshipManagerImportProblem(b.officer.email) },
      { row: 5, column: "Relationship Manager Email", problem: relationshipManagerImportProblem(a.applicant.email) },
      { row: 6, column: "Relationship Manager Email", problem: relationshipManagerImportProblem(plain.email) },
      { row: 7, column: "Relationship Manager Email", problem: relationshipManagerImportProblem("nobody@example.org") },
    ]);
    // The email is not kept anywhere else on the donor.
    const [foreign] = await t.db.select().from(donors).where(eq(donors.lastName, "Foreign"));
    expect(JSON.stringify(foreign!.extra)).not.toContain(b.officer.email);
  });

  it("re-import with the alias header changes the manager (change history), a file without the column leaves it, undo reverts it", async () => {
    const owner = await buildUser(t, { role: "org_owner" });
    const orgId = owner.organizationId!;
    const officer = await buildUser(t, { role: "org_officer", organizationId: orgId });
    const first = await importCsv(
      t,
      `First Name,Last Name,Email,Relationship Manager\r\nIvy,Again,ivy@example.org,${owner.email}\r\n`,
      owner.cookie,
    );
    expect(first.status).toBe("completed");
    expect((await managerByLastName(orgId)).Again).toBe(owner.userId);

    const second = await importCsv(
      t,
      `First Name,Last Name,Email,relationship manager\r\nIvy,Again,ivy@example.org,${officer.email}\r\n`,
      owner.cookie,
    );
    expect(second.counts).toMatchObject({ inserted: 0, updated: 1 });
    expect((await managerByLastName(orgId)).Again).toBe(officer.userId);
    const [donor] = await t.db.select().from(donors).where(eq(donors.organizationId, orgId));
    const record = (await t.request("GET", `/api/donors/${donor!.id}`, { cookie: owner.cookie })).json();
    expect(record.donor.relationshipManager.id).toBe(officer.userId);
    expect(record.changes[0].changes).toEqual([
      { field: "relationshipManagerId", label: "Relationship Manager", old: owner.email, new: officer.email },
    ]);

    const third = await importCsv(t, "First Name,Last Name,Email\r\nIvy,Again,ivy@example.org\r\n", owner.cookie);
    expect(third.counts).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await managerByLastName(orgId)).Again).toBe(officer.userId);

    const undo = await t.request("POST", `/api/donors/imports/${second.id}/undo`, { cookie: owner.cookie });
    expect(undo.statusCode).toBe(202);
    expect((await waitFor(second.id, owner.cookie, ["undone"])).status).toBe("undone");
    expect((await managerByLastName(orgId)).Again).toBe(owner.userId);
  });
});
