import { describe, expect, it } from "vitest";
import { onboardingInputSchema, REQUIRED_FIELDS_MESSAGE } from "./onboarding.ts";

const base = { organizationName: " Org ", firstName: "A", lastName: "B" };

describe("onboardingInputSchema", () => {
  it("trims required fields and stores empty optional fields as null", () => {
    const out = onboardingInputSchema.parse({ ...base, phoneNumber: "  ", website: "", role: "", numDonors: "" });
    expect(out).toMatchObject({
      organizationName: "Org",
      phoneNumber: null,
      website: null,
      role: null,
      numDonors: null,
      fundraisingTypes: [],
    });
  });

  it("says 'Please fill in all required fields.' for a blank required field", () => {
    const res = onboardingInputSchema.safeParse({ ...base, lastName: "   " });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(REQUIRED_FIELDS_MESSAGE);
  });

  it("drops detail texts whose choice is not selected", () => {
    const out = onboardingInputSchema.parse({
      ...base,
      role: "Consultant",
      otherRole: "x",
      aiTools: "No",
      aiToolsText: "y",
      fundraisingTypes: ["Major Gifts"],
      otherFundraising: "z",
    });
    expect(out).toMatchObject({ otherRole: null, aiToolsText: null, otherFundraising: null });
  });

  it("keeps the Other role text with the lowercase 'other' value", () => {
    expect(onboardingInputSchema.parse({ ...base, role: "other", otherRole: "Grant writer" }).otherRole).toBe(
      "Grant writer",
    );
  });
});
