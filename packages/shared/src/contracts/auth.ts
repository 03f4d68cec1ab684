import { z } from "zod";

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
