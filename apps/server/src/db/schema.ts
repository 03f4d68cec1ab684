// The one Drizzle schema, one file per domain under ./schema/. drizzle-kit reads this file.
// After a change: `npm run db:generate` writes the next SQL migration into apps/server/drizzle/.
export * from "./schema/core.ts";
export * from "./schema/activity.ts";
export * from "./schema/two-factor.ts";
export * from "./schema/support.ts";
export * from "./schema/donors.ts";
export * from "./schema/stages.ts";
export * from "./schema/campaigns.ts";
export * from "./schema/limits.ts";
export * from "./schema/next-steps.ts";
export * from "./schema/calendar.ts";
export * from "./schema/contacts.ts";
export * from "./schema/digests.ts";
