import { z } from "zod";
import { ONBOARDING_STATUSES } from "./roles.ts";
import { actorPermissionsSchema } from "./policy/permissions.ts";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_HINT = "Password must be at least 6 characters";
export const PASSWORD_TOO_SHORT_MESSAGE = "Password must be at least 6 characters long";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";
export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts. Please wait a minute and try again.";

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
});
export type Me = z.infer<typeof meSchema>;

export const publicConfigSchema = z.object({
  productName: z.string(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const apiErrorSchema = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;
