import { z } from "zod";

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields.";
export const NOT_LOGGED_IN_ONBOARDING_MESSAGE = "You must be logged in to submit this form.";
export const ONBOARDING_SUCCESS_MESSAGE = "Your information has been received successfully!";

/**
 * Role options. The spec's form shows the free-text box when the role equals "Other"
 * while the option value is lowercase "other"; we take the working reading: the value is
 * "other" and the box shows whenever it is chosen.
 */
export const ROLE_OPTIONS = [
  { value: "Executive Director / CEO", label: "Executive Director / CEO" },
  { value: "Director of Development", label: "Director of Development" },
  { value: "Major Gifts Officer", label: "Major Gifts Officer" },
  { value: "Board Member", label: "Board Member" },
  { value: "Consultant", label: "Consultant" },
  { value: "other", label: "Other" },
] as const;
export const OTHER_ROLE_VALUE = "other";

export const YEARS_WORKED_OPTIONS = ["Less than 1 year", "1–3 years", "4–7 years", "8–15 years", "15+ years"] as const;
export const ANNUAL_BUDGET_OPTIONS = ["Less than $250,000", "$250,000–$999,999", "$1M–$4.9M", "$5M+"] as const;
export const FULL_TIME_STAFF_OPTIONS = ["Just me", "2–3", "4–10", "More than 10"] as const;
export const FUNDRAISING_TYPE_OPTIONS = [
  "Annual Giving",
  "Major Gifts",
  "Capital Campaigns",
  "Planned Giving",
  "Events-Based",
  "Foundation/Grants",
  "Online/Peer-to-Peer",
  "Other",
] as const;
export const SOFTWARE_COMFORT_OPTIONS = [
  "Very comfortable",
  "Comfortable",
  "Neutral",
  "Uncomfortable",
  "Very uncomfortable",
] as const;
export const AI_TOOLS_OPTIONS = ["Yes", "No", "I'm not sure"] as const;

const requiredText = z
  .string({ error: REQUIRED_FIELDS_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_FIELDS_MESSAGE })
  .max(200, { error: "Please keep this field under 200 characters." });

/** Optional free text: blank becomes null, as the spec stores empty optional fields. */
const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, { error: `Please keep this field under ${max} characters.` })
    .nullish()
    .transform((v) => (v ? v : null));

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

const roleValues = ROLE_OPTIONS.map((o) => o.value) as unknown as readonly [string, ...string[]];

export const onboardingInputSchema = z
  .object({
    organizationName: requiredText,
    firstName: requiredText,
    lastName: requiredText,
    phoneNumber: optionalText(50),
    website: optionalText(300),
    role: optionalChoice(roleValues),
    otherRole: optionalText(200),
    yearsWorked: optionalChoice(YEARS_WORKED_OPTIONS),
    fundraisingTypes: z.array(z.enum(FUNDRAISING_TYPE_OPTIONS)).max(FUNDRAISING_TYPE_OPTIONS.length).default([]),
    otherFundraising: optionalText(200),
    numDonors: z
      .union([
        z.number().int({ error: "Number of donors must be a whole number." }).min(0).max(100_000_000),
        z.literal(""),
        z.null(),
      ])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v)),
    annualBudget: optionalChoice(ANNUAL_BUDGET_OPTIONS),
    fullTimeStaff: optionalChoice(FULL_TIME_STAFF_OPTIONS),
    crmDb: optionalText(200),
    softwareComfort: optionalChoice(SOFTWARE_COMFORT_OPTIONS),
    aiTools: optionalChoice(AI_TOOLS_OPTIONS),
    aiToolsText: optionalText(2000),
    cultivateUse: optionalText(4000),
  })
  // Detail texts only make sense with the choice that reveals them; drop stale text.
  .transform((v) => ({
    ...v,
    otherRole: v.role === OTHER_ROLE_VALUE ? v.otherRole : null,
    otherFundraising: v.fundraisingTypes.includes("Other") ? v.otherFundraising : null,
    aiToolsText: v.aiTools === "Yes" ? v.aiToolsText : null,
  }));

export type OnboardingInput = z.input<typeof onboardingInputSchema>;
export type OnboardingData = z.output<typeof onboardingInputSchema>;
