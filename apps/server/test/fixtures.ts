// The two organisations most API tests start from: the same people on both sides, so a test reads
// "A's officer", "B's owner" instead of building them by hand (docs/RULES.md, Roles).
import crypto from "node:crypto";
import { campaigns } from "../src/db/schema.ts";
import { buildDonor, buildOrg, buildUser, type TestApp } from "./helpers.ts";

export type FixtureUser = Awaited<ReturnType<typeof buildUser>>;
export type Donor = Awaited<ReturnType<typeof buildDonor>>;

/** One organisation and its people; every user has signed up through the real route and carries its cookie. */
export type OrganizationPeople = {
  org: { id: string; name: string };
  /** In the names of this side's donors and campaign, so a test can spot them in a response body. */
  marker: string;
  owner: FixtureUser;
  manager: FixtureUser;
  /** An approved org_officer; owns `campaign`. */
  officer: FixtureUser;
  /** An org_officer whose onboarding is submitted but not yet approved (what onboarding makes today). */
  applicant: FixtureUser;
  /** An admin filed under this organisation. */
  admin: FixtureUser;
};
/** The people and two donors and a campaign owned by the officer. */
export type OrganizationSide = OrganizationPeople & { donors: [Donor, Donor]; campaign: { id: string; name: string } };

const tag = () => crypto.randomBytes(4).toString("hex");

async function organizationSide(
  t: TestApp,
  name: string,
  label: string,
  records: boolean,
): Promise<OrganizationPeople | OrganizationSide> {
  const org = await buildOrg(t, name);
  const marker = `${label}-${tag()}`;
  const organizationId = org.id;
  // Signed up side by side: each sign-up spends most of its time hashing the password off the main thread.
  const [owner, manager, officer, applicant, admin] = await Promise.all([
    buildUser(t, { role: "org_owner", organizationId }),
    buildUser(t, { role: "org_manager", organizationId }),
    buildUser(t, { role: "org_officer", organizationId }),
    buildUser(t, { role: "org_officer", status: "submitted", organizationId }),
    buildUser(t, { role: "admin", organizationId }),
  ]);
  const side: OrganizationPeople = {
    org: { id: org.id, name: org.name },
    marker,
    owner,
    manager,
    officer,
    applicant,
    admin,
  };
  if (!records) return side;
  const donors: [Donor, Donor] = [
    await buildDonor(t, org.id, {
      firstName: `Donor${marker}`,
      lastName: `Family${marker}`,
      email: `donor-${marker}@example.org`,
    }),
    await buildDonor(t, org.id, { firstName: "Second", lastName: `Donor${marker}` }),
  ];
  // Straight into the table: the activity log stays as the test left it.
  const [campaign] = await t.db
    .insert(campaigns)
    .values({
      name: `Campaign ${marker}`,
      goal: "$50,000",
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      organizationId: org.id,
      ownerUserId: side.officer.userId,
    })
    .returning();
  return { ...side, donors, campaign: { id: campaign!.id, name: campaign!.name } };
}

export type TwoOrganizations<Side extends OrganizationPeople = OrganizationPeople> = { a: Side; b: Side };

/**
 * Organisations A and B, each with an owner, a manager, an officer, an unapproved applicant and an
 * admin and (unless `records: false`, for tests that count an organisation's donors or campaigns) two
 * donors and a campaign owned by its officer.
 */
export async function twoOrganizations(
  t: TestApp,
  opts: { names?: [string, string]; records: false },
): Promise<TwoOrganizations>;
export async function twoOrganizations(
  t: TestApp,
  opts?: { names?: [string, string]; records?: true },
): Promise<TwoOrganizations<OrganizationSide>>;
export async function twoOrganizations(
  t: TestApp,
  opts: { names?: [string, string]; records?: boolean } = {},
): Promise<TwoOrganizations> {
  const suffix = tag();
  const [nameA, nameB] = opts.names ?? [`Org A ${suffix}`, `Org B ${suffix}`];
  const records = opts.records ?? true;
  const [a, b] = await Promise.all([
    organizationSide(t, nameA, "A", records),
    organizationSide(t, nameB, "B", records),
  ]);
  return { a, b };
}
