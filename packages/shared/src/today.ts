import { z } from "zod";
import { relationshipManagerSchema } from "./donors/portfolio.ts";

/**
 * The officer's day (issue 15; docs/RULES.md, The officer's day): besides the next steps, three lists of
 * the actor's donors (owners and managers: anyone's, or everyone's) that need attention, the
 * organisation's "no contact after N days" setting, and the weekly digest of the same.
 */

export const NO_CONTACT_DAYS_MIN = 7;
export const NO_CONTACT_DAYS_MAX = 730;
export const NO_CONTACT_DAYS_DEFAULT = 90;
/** How many donors each list shows (the total says how many there are). */
export const TODAY_LIST_LIMIT = 20;

export const TODAY_MESSAGES = {
  forbiddenOthers: "Only owners and managers can see a colleague's donors on Today.",
  organizationNotFound: "Organization not found.",
  noContactDaysInvalid: `Enter a whole number of days between ${NO_CONTACT_DAYS_MIN} and ${NO_CONTACT_DAYS_MAX}.`,
  settingsForbidden: "Only owners can change the organization's settings.",
  settingsViewForbidden: "Only owners and managers can see the organization's settings.",
  settingsSaved: (days: number) => `Saved. Donors without contact for ${days} days now appear on Today.`,
  digestSaved: "Your weekly digest is on.",
  digestRemoved: "Your weekly digest is off.",
  weekdayInvalid: "Choose a day of the week.",
  hourInvalid: "Choose an hour between 0 and 23.",
  timeZoneInvalid: "Choose a time zone from the list.",
} as const;

/**
 * The five lists of Today, named and emptied alike on the page and in the weekly digest (docs/RULES.md,
 * The officer's day: the email "has the same five lists as Today").
 */
export const TODAY_SECTIONS = {
  overdue: { title: "Overdue", empty: "Nothing overdue." },
  week: { title: "Due this week", empty: "Nothing due in the next seven days." },
  noContact: {
    title: (days: number) => `No contact for ${days} days`,
    empty: (days: number) => `Everyone has been contacted in the last ${days} days.`,
  },
  longInStage: { title: "Longer in stage than usual", empty: "No donor has been in a stage longer than usual." },
  notStarted: { title: "High capacity, not yet in Discovery", empty: "Every donor with a capacity has begun." },
} as const;

/** The days of the week as the digest stores them (0 = Sunday, as JavaScript's getDay). */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** An IANA time zone name this runtime knows (Intl refuses unknown ones). */
export const isTimeZone = (tz: string) => {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const todayDonorSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  estimatedCapacity: z.number().nullable(),
  relationshipManager: relationshipManagerSchema.nullable(),
});

export const noContactDonorSchema = todayDonorSchema.extend({
  lastContactDate: z.string().nullable(),
  /** Whole days since the last contact; null = never contacted. */
  daysSinceContact: z.number().int().nullable(),
});
export const longInStageDonorSchema = todayDonorSchema.extend({
  stage: z.string(),
  daysInStage: z.number(),
  medianDays: z.number(),
});
export const notStartedDonorSchema = todayDonorSchema;
export type NoContactDonor = z.infer<typeof noContactDonorSchema>;
export type LongInStageDonor = z.infer<typeof longInStageDonorSchema>;
export type NotStartedDonor = z.infer<typeof notStartedDonorSchema>;

/** GET /api/today */
export const todayListsSchema = z.object({
  noContact: z.object({ days: z.number().int(), total: z.number().int(), items: z.array(noContactDonorSchema) }),
  longInStage: z.object({ total: z.number().int(), items: z.array(longInStageDonorSchema) }),
  notStarted: z.object({ total: z.number().int(), items: z.array(notStartedDonorSchema) }),
});
export type TodayLists = z.infer<typeof todayListsSchema>;

export const todayQuerySchema = z.object({
  owner: z.string().max(200).optional(), // "mine" (default), "all", or a user id, as GET /api/next-steps
  organizationId: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** GET / PUT /api/organization/settings */
export const organizationSettingsSchema = z.object({
  organizationId: z.string(),
  noContactDays: z.number().int(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
export const organizationSettingsInputSchema = z.object({
  noContactDays: z
    .number({ message: TODAY_MESSAGES.noContactDaysInvalid })
    .int(TODAY_MESSAGES.noContactDaysInvalid)
    .min(NO_CONTACT_DAYS_MIN, TODAY_MESSAGES.noContactDaysInvalid)
    .max(NO_CONTACT_DAYS_MAX, TODAY_MESSAGES.noContactDaysInvalid),
});
export const organizationSettingsQuerySchema = z.object({ organizationId: z.string().uuid().optional() });
export const organizationSettingsResponseSchema = z.object({
  settings: organizationSettingsSchema,
  message: z.string(),
});

/** GET / PUT /api/account/digest: a row means the user opted in. */
export const digestSettingsInputSchema = z.object({
  weekday: z
    .number({ message: TODAY_MESSAGES.weekdayInvalid })
    .int(TODAY_MESSAGES.weekdayInvalid)
    .min(0, TODAY_MESSAGES.weekdayInvalid)
    .max(6, TODAY_MESSAGES.weekdayInvalid),
  hour: z
    .number({ message: TODAY_MESSAGES.hourInvalid })
    .int(TODAY_MESSAGES.hourInvalid)
    .min(0, TODAY_MESSAGES.hourInvalid)
    .max(23, TODAY_MESSAGES.hourInvalid),
  timeZone: z.string({ message: TODAY_MESSAGES.timeZoneInvalid }).refine(isTimeZone, TODAY_MESSAGES.timeZoneInvalid),
});
export type DigestSettingsInput = z.infer<typeof digestSettingsInputSchema>;
export const digestStatusSchema = z.object({
  enabled: z.boolean(),
  weekday: z.number().int(),
  hour: z.number().int(),
  timeZone: z.string(),
  lastSentAt: z.string().nullable(),
});
export type DigestStatus = z.infer<typeof digestStatusSchema>;
export const digestResponseSchema = z.object({ digest: digestStatusSchema, message: z.string() });
