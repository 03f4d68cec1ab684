import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox, onboardingForms, organizations, roles, userProfiles, userRoles } from "../src/db/schema.ts";
import { ensureAdmin } from "../src/services/admins.ts";
import { createTestApp, registerUser, validOnboarding, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.db, t.app.auth, "platform-admin@example.org", "admin-pass");
});
afterAll(async () => {
  await t?.close();
});

const rolesOf = async (userId: string) =>
  (
    await t.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
  ).map((r) => r.name);

describe("onboarding form", () => {
  it("answers 401 'You must be logged in to submit this form.' without a session", async () => {
    const res = await t.request("POST", "/api/onboarding", { body: validOnboarding() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "unauthorized", message: "You must be logged in to submit this form." });
  });

  it.each([
    ["organization name", { organizationName: "   " }],
    ["first name", { firstName: "" }],
    ["last name", { lastName: undefined }],
  ])("rejects a missing %s with 'Please fill in all required fields.'", async (_label, override) => {
    const { cookie } = await registerUser(t);
    const res = await t.request("POST", "/api/onboarding", { cookie, body: validOnboarding(override) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "validation_error", message: "Please fill in all required fields." });
  });

  it("rejects values outside the option lists", async () => {
    const { cookie } = await registerUser(t);
    for (const override of [
      { role: "Astronaut" },
      { yearsWorked: "100 years" },
      { fundraisingTypes: ["Bake sales"] },
      { numDonors: -3 },
      { numDonors: "many" },
    ]) {
      const res = await t.request("POST", "/api/onboarding", { cookie, body: validOnboarding(override) });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
    }
  });

  it("stores the form, trims and creates the organisation, marks the profile submitted and makes the user an org_officer", async () => {
    const { cookie, userId } = await registerUser(t);
    const res = await t.request("POST", "/api/onboarding", {
      cookie,
      body: validOnboarding({ organizationName: "  Riverside Arts Council  " }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().organization.name).toBe("Riverside Arts Council");

    const [form] = await t.db.select().from(onboardingForms).where(eq(onboardingForms.userId, userId));
    expect(form).toMatchObject({
      organizationName: "Riverside Arts Council",
      firstName: "Ada",
      lastName: "Lovelace",
      phoneNumber: null,
      otherRole: null,
      otherFundraising: null,
      aiToolsText: null,
      fundraisingTypes: ["Major Gifts", "Capital Campaigns"],
      numDonors: 1200,
    });
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
    expect(profile!.onboardingStatus).toBe("submitted");
    expect(profile!.organizationId).toBe(res.json().organization.id);
    expect(await rolesOf(userId)).toEqual(["org_officer"]);

    const me = await t.request("GET", "/api/me", { cookie });
    expect(me.json()).toMatchObject({
      onboardingStatus: "submitted",
      dashboard: "/pending-approval",
      organization: { name: "Riverside Arts Council" },
    });
  });

  it("reuses an existing organisation whatever the letter case", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const first = await t.request("POST", "/api/onboarding", {
      cookie: a.cookie,
      body: validOnboarding({ organizationName: "Lakeside Food Bank" }),
    });
    const second = await t.request("POST", "/api/onboarding", {
      cookie: b.cookie,
      body: validOnboarding({ organizationName: " LAKESIDE food bank " }),
    });
    expect(second.json().organization.id).toBe(first.json().organization.id);
    const all = await t.db.select().from(organizations);
    expect(all.filter((o) => o.name.toLowerCase() === "lakeside food bank")).toHaveLength(1);
  });

  it("keeps the 'Other' texts only with the choices that show them", async () => {
    const { cookie, userId } = await registerUser(t);
    await t.request("POST", "/api/onboarding", {
      cookie,
      body: validOnboarding({
        role: "other",
        otherRole: "Volunteer coordinator",
        fundraisingTypes: ["Other"],
        otherFundraising: "Crypto gifts",
        aiTools: "Yes",
        aiToolsText: "ChatGPT",
      }),
    });
    const [form] = await t.db.select().from(onboardingForms).where(eq(onboardingForms.userId, userId));
    expect(form).toMatchObject({
      role: "other",
      otherRole: "Volunteer coordinator",
      otherFundraising: "Crypto gifts",
      aiTools: "Yes",
      aiToolsText: "ChatGPT",
    });
  });

  it("emails the platform admins about the new application", async () => {
    const { cookie, email } = await registerUser(t);
    await t.request("POST", "/api/onboarding", { cookie, body: validOnboarding({ organizationName: "Notify Org" }) });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "platform-admin@example.org"));
    const mail = mails.find((m) => m.kind === "onboarding_submitted" && m.text.includes(email));
    expect(mail?.subject).toContain("Notify Org");
  });

  it("refuses a second submission (409) and leaves an approved user approved", async () => {
    const { cookie, userId } = await registerUser(t);
    expect((await t.request("POST", "/api/onboarding", { cookie, body: validOnboarding() })).statusCode).toBe(201);
    await t.db.update(userProfiles).set({ onboardingStatus: "approved" }).where(eq(userProfiles.id, userId));
    const again = await t.request("POST", "/api/onboarding", { cookie, body: validOnboarding() });
    expect(again.statusCode).toBe(409);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
    expect(profile!.onboardingStatus).toBe("approved");
  });
});
