import { z } from "zod";

/**
 * The calendar feed of one's next steps (issue 15; docs/RULES.md, Next steps): a secret URL an
 * officer gives Outlook or Google Calendar. Only a hash of its secret is stored, so the URL is shown
 * once, when it is made; making it again (Reset) ends the old one.
 */
export const CALENDAR_MESSAGES = {
  created: "Your calendar link is ready. Copy it now: it is shown only once.",
  reset: "Your calendar link was replaced. The old link no longer works.",
  removed: "Your calendar link was turned off.",
  notFound: "This calendar link is not valid. Make a new one on your account page.",
} as const;

export const calendarFeedStatusSchema = z.object({ enabled: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedCreatedSchema = z.object({ url: z.string(), message: z.string() });
export const calendarFeedParamsSchema = z.object({ token: z.string().max(200) });
