// Issue 15, Next steps: the calendar feed of one's next steps (docs/RULES.md, Next steps): a secret URL,
// shown once, that only ever shows its owner's open steps, and stops working when reset or turned off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays, CALENDAR_MESSAGES } from "@cultivate/shared";
import { calendarFeeds, userProfiles } from "../src/db/schema.ts";
import { buildDonor, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationPeople } from "./fixtures.ts";

let t: TestApp;
let a: OrganizationPeople;
let b: OrganizationPeople;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await twoOrganizations(t, { names: ["Calendar A", "Calendar B"], records: false }));
  const donor = (await buildDonor(t, a.org.id, { firstName: "Ada", lastName: "Lovelace" })).id;
  const step = (cookie: string, title: string, dueDate: string, ownerId?: string) =>
    t.request("POST", `/api/donors/${donor}/next-steps`, { cookie, body: { title, dueDate, ownerId } });
  expect((await step(a.officer.cookie, "Call about the gala", addDays(today, 2))).statusCode).toBe(201);
  const done = await step(a.officer.cookie, "Already thanked", today);
  await t.request("PATCH", `/api/next-steps/${done.json().nextStep.id}`, {
    cookie: a.officer.cookie,
    body: { status: "done" },
  });
  expect((await step(a.owner.cookie, "Owner's own visit", today, a.owner.userId)).statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const feedPath = (url: string) => new URL(url).pathname;
const make = (cookie: string) => t.request("POST", "/api/account/calendar-feed", { cookie });

describe("the calendar feed", () => {
  it("is made once, shown once, and lists only its owner's open steps as all-day events", async () => {
    expect((await t.request("GET", "/api/account/calendar-feed", { cookie: a.officer.cookie })).json()).toEqual({
      enabled: false,
      createdAt: null,
    });
    const res = await make(a.officer.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(CALENDAR_MESSAGES.created);
    const url = res.json().url as string;
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const status = (await t.request("GET", "/api/account/calendar-feed", { cookie: a.officer.cookie })).json();
    expect(status.enabled).toBe(true);
    expect(JSON.stringify(status)).not.toContain(url.split("/").pop()!.replace(".ics", ""));
    // The secret is not stored, only its hash.
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, a.officer.userId));
    expect(url).not.toContain(row!.tokenHash);

    const feed = await t.request("GET", feedPath(url)); // no session
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(feed.body).toContain("BEGIN:VCALENDAR");
    expect(feed.body).toContain("Call about the gala (Ada Lovelace)");
    expect(feed.body).toContain(`DTSTART;VALUE=DATE:${addDays(today, 2).replaceAll("-", "")}`);
    expect(feed.body).not.toContain("Already thanked");
    expect(feed.body).not.toContain("Owner's own visit");
    expect(feed.body).not.toMatch(/@example\.org/); // no contact details of anyone
  });

  it("Reset replaces the link: the old one is 404 with one sentence", async () => {
    const first = (await make(a.manager.cookie)).json().url as string;
    const second = await make(a.manager.cookie);
    expect(second.json().message).toBe(CALENDAR_MESSAGES.reset);
    const old = await t.request("GET", feedPath(first));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: "not_found", message: CALENDAR_MESSAGES.notFound });
    expect((await t.request("GET", feedPath(second.json().url))).statusCode).toBe(200);
  });

  it("turned off, or its owner no longer approved, the link is 404; unknown and malformed secrets too", async () => {
    const url = (await make(b.officer.cookie)).json().url as string;
    expect((await t.request("GET", feedPath(url))).statusCode).toBe(200);
    await t.db.update(userProfiles).set({ onboardingStatus: "submitted" }).where(eq(userProfiles.id, b.officer.userId));
    expect((await t.request("GET", feedPath(url))).statusCode).toBe(404);
    await t.db.update(userProfiles).set({ onboardingStatus: "approved" }).where(eq(userProfiles.id, b.officer.userId));
    const off = await t.request("DELETE", "/api/account/calendar-feed", { cookie: b.officer.cookie });
    expect(off.json().message).toBe(CALENDAR_MESSAGES.removed);
    expect((await t.request("GET", feedPath(url))).statusCode).toBe(404);
    expect((await t.request("GET", `/api/calendar/${"x".repeat(43)}.ics`)).statusCode).toBe(404);
    // A path that is not valid UTF-8 is refused before routing (400), never a 5xx.
    expect((await t.request("GET", "/api/calendar/%00%ff.ics")).statusCode).toBe(400);
  });

  it("managing the link needs a session and a donor role", async () => {
    expect((await t.request("POST", "/api/account/calendar-feed")).statusCode).toBe(401);
    expect((await make(a.applicant.cookie)).statusCode).toBe(403);
  });
});
