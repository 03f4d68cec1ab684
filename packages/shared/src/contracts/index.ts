/**
 * Request and response contracts of every /api route (params, query strings, bodies, envelopes), one file per
 * resource. The server declares its route schemas with them and the browser parses each answer with them.
 * The record schemas they wrap live in the topic modules (../donors.ts, ../campaigns.ts, ../admin.ts, …).
 */
export * from "./common.ts";
export * from "./admin.ts";
export * from "./ai-settings.ts";
export * from "./auth.ts";
export * from "./campaigns.ts";
export * from "./donor-groups.ts";
export * from "./donors.ts";
export * from "./functions.ts";
export * from "./imports.ts";
export * from "./issues.ts";
export * from "./landing.ts";
export * from "./me.ts";
export * from "./onboarding.ts";
export * from "./prompts.ts";
export * from "./stages.ts";
