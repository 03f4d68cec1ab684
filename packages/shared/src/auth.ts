import { z } from "zod";
import { ONBOARDING_STATUSES } from "./roles.ts";
import { actorPermissionsSchema } from "./policy/permissions.ts";

// The password rules and sign-in sentences live apart from the schemas, so the sign-in page can show them
// without loading zod (docs/decisions/039-web-first-load-and-filter-latency.md).
export * from "./auth-messages.ts";

/** What GET /api/me answers for a signed-in user. */
export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  onboardingStatus: z.enum(ONBOARDING_STATUSES),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  roles: z.array(z.string()),
  /** Where /dashboard sends this user (docs/RULES.md, Onboarding and approval). */
  dashboard: z.string(),
  /** What the user may do now: the shared policy's answers (packages/shared/src/policy/permissions.ts). */
  permissions: actorPermissionsSchema,
  /** What their roles will allow once approved (the same as permissions for an approved account). */
  permissionsOnceApproved: actorPermissionsSchema,
  /**
   * Issue 14: for an approved account without a role, the email addresses of its organisation's owners,
   * who can give it one (docs/RULES.md, Roles); empty for everyone else.
   */
  accessContacts: z.array(z.string()),
});
export type Me = z.infer<typeof meSchema>;

export const publicConfigSchema = z.object({
  productName: z.string(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const apiErrorSchema = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;
