import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DONOR_MESSAGES,
  donorFilterProblems,
  donorSortFirstDir,
  encodeDonorFilters,
  type DonorFilterSettings,
} from "@cultivate/shared";
import { stages } from "../src/db/schema.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations } from "./fixtures.ts";

let t: TestApp;
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };
let officer: string;
let admin: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  // No fixture records: the lists below are exactly these donors.
  const { a, b } = await twoOrganizations(t, { names: ["Alpha Trust", "Beta Fund"], records: false });
  orgA = a.org;
  orgB = b.org;
  officer = a.officer.cookie;
  admin = (await buildUser(t, { role: "admin", organizationId: null })).cookie;
  const d = async (key: string, values: Parameters<typeof buildDonor>[2]) =>
    (ids[key] = (await buildDonor(t, orgA.id, values)).id);
  await d("ann", {
    firstName: "Ann",
    lastName: "Zeta",
    email: "ann@zeta.org",
    dsRating: "DS1-1",
    estimatedCapacity: 50000,
    qualityScore: 9.5,
    age: 70,
    lastGiftAmount: 500,
    lastGiftDate: "2024-05-01",
    largestGiftDate: "2020-01-01",
    firstGiftAmount: 25,
    firstDateRange: "1995-2020",
    totalGiftAmount: 9000,
    numberOfGifts: 12,
    largestGiftAmount: 2000,
    largestGiftFound: 10000,
  });
  await d("bob", {
    firstName: "Bob",
    lastName: "Alpha",
    email: "BOB@mail.com",
    dsRating: "DS1-2",
    estimatedCapacity: 1000,
    qualityScore: 2,
    age: 30,
    lastGiftAmount: 50,
    lastGiftDate: "2010-02-02",
    largestGiftDate: "2012-06-06",
    firstGiftAmount: 500,
    firstDateRange: "2005-2010",
    totalGiftAmount: 100,
    numberOfGifts: 2,
    largestGiftAmount: 60,
    largestGiftFound: 0,
  });
  await d("cy", {
    firstName: "Cy",
    lastName: "Alpha",
    email: null,
    dsRating: "DS2-1",
    estimatedCapacity: null,
    qualityScore: null,
    age: null,
    lastGiftDate: null,
  });
  await d("dee", {
    firstName: "Dee",
    lastName: "Moss",
    email: "dee%_x@mail.com",
    dsRating: "DS1-1",
    estimatedCapacity: 250000,
    qualityScore: 10,
    age: 120,
    lastGiftDate: "1899-12-31",
  });
  await buildDonor(t, orgB.id, {
    firstName: "Other",
    lastName: "Alpha",
    email: "ann@zeta.org",
    dsRating: "DS9-9",
    estimatedCapacity: 50000,
  });
  // Stages: Ann has Discovery → current Connection; Bob has Connection only → still Discovery; Dee completed all.
  await t.db.insert(stages).values([
    { donorId: ids.ann!, organizationId: orgA.id, stageName: "Discovery" },
    { donorId: ids.bob!, organizationId: orgA.id, stageName: "Connection" },
    ...["Discovery", "Connection", "Deepening", "Solicitation", "Follow-Up"].map((stageName) => ({
      donorId: ids.dee!,
      organizationId: orgA.id,
      stageName,
    })),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const list = async (filters: DonorFilterSettings = {}, extra = "", cookie = officer) => {
  const res = await t.request("GET", `/api/donors?filters=${encodeURIComponent(encodeDonorFilters(filters))}${extra}`, {
    cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = async (filters: DonorFilterSettings, extra = "") =>
  (await list(filters, extra)).rows.map((r: { firstName: string }) => r.firstName);

describe("donor list access", () => {
  it("answers 401 without a session and 403 with the spec's message without a donor role", async () => {
    expect((await t.request("GET", "/api/donors")).statusCode).toBe(401);
    const plain = await buildUser(t, { organizationId: orgA.id });
    const res = await t.request("GET", "/api/donors", { cookie: plain.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "forbidden", message: "You don't have permission to access the donor list." });
  });

  it.each(["org_owner", "org_manager", "org_officer"] as const)(
    "lets an %s see only their organisation's donors",
    async (role) => {
      const u = await buildUser(t, { role, organizationId: orgA.id });
      const body = await list({}, "", u.cookie);
      expect(body.total).toBe(4);
      expect(body.rows.every((r: { organizationName: string }) => r.organizationName === "Alpha Trust")).toBe(true);
    },
  );

  it("answers 404 when a non-admin names another organisation, and lets an admin choose one", async () => {
    const res = await t.request("GET", `/api/donors?organizationId=${orgB.id}`, { cookie: officer });
    expect(res.statusCode).toBe(404);
    const b = await list({}, `&organizationId=${orgB.id}`, admin);
    expect(b.rows.map((r: { firstName: string }) => r.firstName)).toEqual(["Other"]);
    const all = await list({}, "", admin);
    expect(all.total).toBe(5);
  });
});

describe("donor list ordering, paging and counts", () => {
  it("orders by Last Name then First Name, pages with an exact total", async () => {
    expect(await names({})).toEqual(["Bob", "Cy", "Dee", "Ann"]);
    const p2 = await list({}, "&pageSize=3&page=2");
    expect(p2).toMatchObject({ total: 4, page: 2, pageSize: 3, pageCount: 2, unfilteredTotal: 4 });
    expect(p2.rows.map((r: { firstName: string }) => r.firstName)).toEqual(["Ann"]);
  });

  it("sorts by another column with empty values last", async () => {
    expect(await names({}, "&sort=estimatedCapacity&dir=desc")).toEqual(["Dee", "Ann", "Bob", "Cy"]);
  });

  it("offers the DS ratings present in the organisation's data, apart from the pages (ADR 065)", async () => {
    const ratings = async (cookie: string, query = "") => {
      const res = await t.request("GET", `/api/donors/ds-ratings${query}`, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await ratings(officer)).toEqual({ dsRatings: ["DS1-1", "DS1-2", "DS2-1"] });
    // An admin: one organisation's, or every organisation's when naming none.
    expect(await ratings(admin, `?organizationId=${orgB.id}`)).toEqual({ dsRatings: ["DS9-9"] });
    const everyone = (await ratings(admin)).dsRatings as string[];
    expect(everyone).toEqual(expect.arrayContaining(["DS1-1", "DS1-2", "DS2-1", "DS9-9"]));
    // Each once, in order, whichever organisations hold it (a third organisation rated DS1-1 too).
    const third = await buildOrg(t);
    await buildDonor(t, third.id, { lastName: "Twin", dsRating: "DS1-1" });
    const again = (await ratings(admin)).dsRatings as string[];
    expect(again).toEqual(everyone);
    expect(again).toEqual([...new Set(again)].sort());
    // A member naming another organisation is told it is not found, as by the list.
    const other = await t.request("GET", `/api/donors/ds-ratings?organizationId=${orgB.id}`, { cookie: officer });
    expect(other.statusCode).toBe(404);
    expect((await list()).dsRatings).toBeUndefined();
  });

  it("counts a name search's matches exactly on every page, past the last one too", async () => {
    // "a" is in Ann Zeta, Bob Alpha, Cy Alpha and the mail of Bob and Dee: all four of the organisation.
    const page = (n: number) => list({ searchTerm: "a" }, `&pageSize=3&page=${n}`);
    expect(await page(1)).toMatchObject({ total: 4, pageCount: 2, unfilteredTotal: null });
    expect(await page(2)).toMatchObject({ total: 4, pageCount: 2 });
    const past = await page(5);
    expect(past).toMatchObject({ total: 4, rows: [] });
    expect((await list({ searchTerm: "alp" }, "&pageSize=1&page=1")).total).toBe(2);
  });

  it("tells 'no donors' from 'no match' through unfilteredTotal", async () => {
    const body = await list({ searchTerm: "nobody-matches" });
    expect(body).toMatchObject({ total: 0, unfilteredTotal: 4, rows: [] });
  });

  it("gives each row the list's fields with their types (numbers, dates as text), in every form of the page", async () => {
    const ann = {
      id: ids.ann,
      organizationId: orgA.id,
      organizationName: "Alpha Trust",
      firstName: "Ann",
      lastName: "Zeta",
      email: "ann@zeta.org",
      dsRating: "DS1-1",
      qualityScore: 9.5,
      estimatedCapacity: 50000,
      totalGiftAmount: 9000,
      numberOfGifts: 12,
      lastGiftDate: "2024-05-01",
      lastGiftAmount: 500,
      age: 70,
      lastContactDate: null,
      daysSinceContact: null,
      currentStage: "Connection",
      relationshipManager: null,
    };
    const annOf = (body: { rows: { firstName: string }[] }) => body.rows.find((r) => r.firstName === "Ann");
    // Unfiltered; a name search alone (donor_search); a search with another filter; a Last Contact sort.
    expect(annOf(await list())).toMatchObject(ann);
    expect(annOf(await list({ searchTerm: "ann" }))).toMatchObject(ann);
    expect(annOf(await list({ searchTerm: "ann", minQualityScore: 5 }))).toMatchObject(ann);
    expect(annOf(await list({}, "&sort=lastContactDate&dir=desc"))).toMatchObject(ann);
    const cy = (await list({ searchTerm: "cy" })).rows;
    expect(cy).toHaveLength(1);
    expect(cy[0]).toMatchObject({
      firstName: "Cy",
      email: null,
      qualityScore: null,
      estimatedCapacity: null,
      age: null,
    });
  });

  it("shows each donor's current stage", async () => {
    const rows = (await list()).rows as { firstName: string; currentStage: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.firstName, r.currentStage]))).toEqual({
      Ann: "Connection",
      Bob: "Discovery",
      Cy: "Discovery",
      Dee: "Complete",
    });
  });
});

describe("filter rules (docs/RULES.md, Donor filters)", () => {
  it("searches first name, last name, full name and email case-insensitively as a substring", async () => {
    expect(await names({ searchTerm: "ALP" })).toEqual(["Bob", "Cy"]);
    expect(await names({ searchTerm: "bob@MAIL" })).toEqual(["Bob"]);
    expect(await names({ searchTerm: "ann zeta" })).toEqual(["Ann"]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect(await names({ searchTerm: "%_x" })).toEqual(["Dee"]);
    expect(await names({ searchTerm: "_" })).toEqual(["Dee"]);
  });

  it("matches DS Rating exactly", async () => {
    expect(await names({ selectedDSRatingFilter: "DS1-1" })).toEqual(["Dee", "Ann"]);
    expect(await names({ selectedDSRatingFilter: "DS1" })).toEqual([]);
    expect(await names({ selectedDSRatingFilter: "all" })).toHaveLength(4);
  });

  it("filters capacity by min and max and leaves out donors without a capacity", async () => {
    expect(await names({ minCapacity: 1000, maxCapacity: 50000 })).toEqual(["Bob", "Ann"]);
    expect(await names({ maxCapacity: 5000 })).toEqual(["Bob"]);
  });

  it("filters Quality Score 0–10 with decimals; the defaults do not filter", async () => {
    expect(await names({ minQualityScore: 9.5 })).toEqual(["Dee", "Ann"]);
    expect(await names({ minQualityScore: 0, maxQualityScore: 10 })).toHaveLength(4);
    expect(await names({ maxQualityScore: 9.4 })).toEqual(["Bob"]);
  });

  it("filters Age 0–120; the defaults do not filter", async () => {
    expect(await names({ minAge: 31, maxAge: 120 })).toEqual(["Dee", "Ann"]);
    expect(await names({ minAge: 0, maxAge: 120 })).toHaveLength(4);
    expect(await names({ maxAge: 30 })).toEqual(["Bob"]);
  });

  it("filters Last Gift Amount and First Gift Amount ranges", async () => {
    expect(await names({ minLastGiftAmount: 100 })).toEqual(["Ann"]);
    expect(await names({ minFirstGiftAmount: 100, maxFirstGiftAmount: 1000 })).toEqual(["Bob"]);
  });

  it("filters the other numeric ranges (total, largest, largest found, number of gifts)", async () => {
    expect(await names({ minTotalGiftAmount: 1000 })).toEqual(["Ann"]);
    expect(await names({ maxLargestGiftAmount: 100 })).toEqual(["Bob"]);
    expect(await names({ minLargestGiftFound: 1 })).toEqual(["Ann"]);
    expect(await names({ minNumberOfGifts: 3 })).toEqual(["Ann"]);
  });

  it("filters Largest Gift Date by range", async () => {
    expect(await names({ minLargestGiftDate: "2015-01-01" })).toEqual(["Ann"]);
    expect(await names({ maxLargestGiftDate: "2015-01-01" })).toEqual(["Bob"]);
  });

  it("filters the last gift date range and excludes donors without a valid date when it is active", async () => {
    expect(await names({ minLastGiftDate: "2020-01-01" })).toEqual(["Ann"]);
    expect(await names({ maxLastGiftDate: "2030-01-01" })).toEqual(["Bob", "Dee", "Ann"]);
    // 1900-01-01 is the default minimum: on its own it does not filter.
    expect(await names({ minLastGiftDate: "1900-01-01" })).toHaveLength(4);
  });

  it("matches First Date Range as a case-insensitive substring", async () => {
    expect(await names({ firstDateRange: "1995" })).toEqual(["Ann"]);
    expect(await names({ firstDateRange: "-20" })).toEqual(["Bob", "Ann"]);
  });

  it("filters by current stage (the spec's stage filter had no effect; ours works)", async () => {
    expect(await names({ selectedStageFilter: "Discovery" })).toEqual(["Bob", "Cy"]);
    expect(await names({ selectedStageFilter: "Connection" })).toEqual(["Ann"]);
    expect(await names({ selectedStageFilter: "Complete" })).toEqual(["Dee"]);
    expect(await names({ selectedStageFilter: "Deepening" })).toEqual([]);
  });

  it("combines filters with AND", async () => {
    expect(await names({ selectedDSRatingFilter: "DS1-1", maxAge: 100 })).toEqual(["Ann"]);
  });

  it("ignores a malformed filters parameter instead of failing", async () => {
    const res = await t.request("GET", `/api/donors?filters=${encodeURIComponent("{oops")}`, { cookie: officer });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(4);
  });
});

describe("the range rule (one rule, packages/shared: donorFilterProblems)", () => {
  const refused: [DonorFilterSettings, string][] = [
    [{ maxQualityScore: 11 }, "Quality Score must be at most 10."],
    [{ minQualityScore: -1 }, "Quality Score must be at least 0."],
    [{ maxAge: 150 }, "Age must be at most 120."],
    [{ minCapacity: -5 }, "Estimated Capacity must be at least 0."],
    [{ minCapacity: 500000, maxCapacity: 1000 }, "Estimated Capacity: the minimum must not be more than the maximum."],
    [{ minAge: 60, maxAge: 40 }, "Age: the minimum must not be more than the maximum."],
    [
      { minLastGiftDate: "2024-01-01", maxLastGiftDate: "2023-01-01" },
      "Last Gift Date: the start date must not be after the end date.",
    ],
  ];
  it.each(refused)("refuses %j with the sentence the filter box shows", async (filters, message) => {
    const res = await t.request("GET", `/api/donors?filters=${encodeURIComponent(JSON.stringify(filters))}`, {
      cookie: officer,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "bad_request", message });
    const key = Object.keys(filters).at(-1) as keyof DonorFilterSettings;
    expect(donorFilterProblems(filters)[key]).toBe(message);
  });

  it("refuses the same in a saved group", async () => {
    const res = await t.request("POST", "/api/saved-donor-groups", {
      cookie: officer,
      body: { name: "Impossible", filterSettings: { minCapacity: 500000, maxCapacity: 1000 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Estimated Capacity: the minimum must not be more than the maximum.");
  });

  it("accepts the bounds themselves and an equal minimum and maximum", async () => {
    expect(await names({ minQualityScore: 10, maxQualityScore: 10 })).toEqual(["Dee"]);
    expect(await names({ minAge: 120, maxAge: 120 })).toEqual(["Dee"]);
  });
});

describe("sorting", () => {
  it("sorts amounts largest first and names A to Z on the first click (donorSortFirstDir)", () => {
    expect(donorSortFirstDir("estimatedCapacity")).toBe("desc");
    expect(donorSortFirstDir("totalGiftAmount")).toBe("desc");
    expect(donorSortFirstDir("qualityScore")).toBe("desc");
    expect(donorSortFirstDir("lastGiftDate")).toBe("desc");
    expect(donorSortFirstDir("lastName")).toBe("asc");
    expect(donorSortFirstDir("age")).toBe("asc");
  });

  it("largest Quality Score first when asked desc, donors without one last", async () => {
    expect(await names({}, "&sort=qualityScore&dir=desc")).toEqual(["Dee", "Ann", "Bob", "Cy"]);
  });
});

describe("static group filter", () => {
  it("shows only the group's members and names the group; another organisation's group is 404", async () => {
    const g = await t.request("POST", "/api/donor-groups", { cookie: officer, body: { name: "Board" } });
    const groupId = g.json().id;
    await t.request("POST", `/api/donor-groups/${groupId}/members`, {
      cookie: officer,
      body: { donorIds: [ids.ann, ids.cy] },
    });
    const body = await list({}, `&staticGroup=${groupId}`);
    expect(body.rows.map((r: { firstName: string }) => r.firstName)).toEqual(["Cy", "Ann"]);
    expect(body.group).toEqual({ id: groupId, name: "Board" });
    expect((await list({ selectedDSRatingFilter: "DS1-1" }, `&staticGroup=${groupId}`)).total).toBe(1);

    const outsider = await buildUser(t, { role: "org_owner", organizationId: orgB.id });
    const res = await t.request("GET", `/api/donors?staticGroup=${groupId}`, { cookie: outsider.cookie });
    expect(res.statusCode).toBe(404);
  });
});

describe("messages", () => {
  it("keeps the spec's access-denied wording", () => {
    expect(DONOR_MESSAGES.accessDenied).toBe("You don't have permission to access the donor list.");
  });
});

describe("the name order (ADR 075)", () => {
  // Last names as prospect-research exports give them: particles in lower case, accents, an apostrophe.
  // First names all hold "ia", so the two-letter search below matches every donor.
  const people: [first: string, last: string | null][] = [
    ["Mia", "Zimmer"],
    ["Lia", "de Souza"],
    ["Pia", "adams"],
    ["Gia", "Ábel"],
    ["Ria", "Baker"],
    ["Tia", "Ávila"],
    ["Via", "O'Brien"],
    ["Zia", "van Dyke"],
    ["Nia", "Öztürk"],
    ["Kia", null],
  ];
  const byLast = ["Gia", "Pia", "Tia", "Ria", "Lia", "Via", "Nia", "Zia", "Mia", "Kia"];
  let cookie: string;

  beforeAll(async () => {
    const org = await buildOrg(t, "Name Order Trust");
    cookie = (await buildUser(t, { role: "org_officer", organizationId: org.id })).cookie;
    for (const [firstName, lastName] of people)
      await buildDonor(t, org.id, { firstName, lastName, estimatedCapacity: 1000 });
  });

  const firstNames = async (filters: DonorFilterSettings, extra = "") => {
    const res = await t.request(
      "GET",
      `/api/donors?filters=${encodeURIComponent(encodeDonorFilters(filters))}&pageSize=50${extra}`,
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rows.map((r: { firstName: string }) => r.firstName);
  };

  it("sorts last names without regard to case or accents, on every database", async () => {
    expect(await firstNames({})).toEqual(byLast);
    // Descending: the reverse, with the donor without a last name first (as before: DESC puts NULL first).
    expect(await firstNames({}, "&sort=lastName&dir=desc")).toEqual([...byLast].reverse());
    expect(await firstNames({}, "&sort=firstName")).toEqual(people.map(([f]) => f).sort());
  });

  it("uses the same order for a name search, for ties of another column and in the export", async () => {
    expect(await firstNames({ searchTerm: "ia" })).toEqual(byLast);
    expect(await firstNames({ searchTerm: "ia" }, "&sort=lastName&dir=desc")).toEqual([...byLast].reverse());
    expect(await firstNames({}, "&sort=estimatedCapacity&dir=desc")).toEqual(byLast);
    const csv = await t.request("GET", "/api/donors/export", { cookie });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split("\r\n").slice(1);
    expect(lines.map((l) => l.split(",")[0])).toEqual(byLast);
  });
});
