import { z } from "zod";
import {
  INVALID_EMAIL_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "../auth.ts";

/**
 * The parts of better-auth's answers (/api/auth/*) the browser reads; everything else they carry is
 * stripped when parsed.
 */
export const authSessionSchema = z
  .object({ user: z.object({ email: z.string(), twoFactorEnabled: z.boolean().nullish() }) })
  .nullable();
export type AuthSession = z.infer<typeof authSessionSchema>;

/** POST /api/auth/two-factor/enable */
export const enableTwoFactorResultSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type EnableTwoFactorResult = z.infer<typeof enableTwoFactorResultSchema>;

// ---- what the server checks before a request reaches better-auth (apps/server/src/auth/routes.ts) ----
const emailField = z.string().trim().toLowerCase().email({ error: INVALID_EMAIL_MESSAGE }).max(254);
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = "Please enter your current password.";
const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE })
  .max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG_MESSAGE });
const currentPasswordField = z
  .string({ error: CURRENT_PASSWORD_REQUIRED_MESSAGE })
  .min(1, { error: CURRENT_PASSWORD_REQUIRED_MESSAGE })
  .max(PASSWORD_MAX_LENGTH);

/** POST /api/auth/sign-up/email */
export const signUpBodySchema = z.looseObject({
  email: emailField,
  password: passwordField,
  name: z.string().max(200).optional(),
});
/** POST /api/auth/sign-in/email */
export const signInBodySchema = z.looseObject({
  email: emailField,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().optional(),
});
/** POST /api/auth/request-password-reset */
export const passwordResetRequestBodySchema = z.looseObject({
  email: emailField,
  redirectTo: z.string().max(500).optional(),
});
/** GET /api/auth/reset-password/{token} */
export const resetPasswordTokenParamsSchema = z.object({ token: z.string().max(200) });
export const resetPasswordTokenQuerySchema = z.looseObject({ callbackURL: z.string().max(500).optional() });
/** POST /api/auth/reset-password */
export const resetPasswordBodySchema = z.looseObject({ newPassword: passwordField, token: z.string().min(1).max(200) });
/** POST /api/auth/change-password */
export const changePasswordBodySchema = z.looseObject({
  currentPassword: currentPasswordField,
  newPassword: passwordField,
  revokeOtherSessions: z.boolean().optional(),
});
/** POST /api/auth/two-factor/enable and /disable */
export const twoFactorPasswordBodySchema = z.looseObject({ password: currentPasswordField });
/** POST /api/auth/two-factor/verify-totp and /verify-backup-code */
export const twoFactorCodeBodySchema = z.looseObject({
  code: z.string().trim().min(1, { error: "Please enter the code." }).max(64),
  trustDevice: z.boolean().optional(),
});
