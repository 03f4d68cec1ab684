import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { accounts, sessions, twoFactors, userProfiles, users, verifications } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { passwordResetEmail } from "../mail/templates.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@cultivate/shared";
import { hashPassword, verifyPassword } from "./password.ts";
import { SERVED_ORIGIN_HEADER, trustedOrigins } from "./origin.ts";
import { COOKIE_PREFIX } from "./cookies.ts";

/** Session lifetimes: see docs/SECURITY.md. */
export const SESSION_ABSOLUTE_LIFETIME_S = 30 * 24 * 60 * 60;
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_S = 60 * 60;
export { COOKIE_PREFIX };

export function createAuth(deps: {
  db: Db;
  config: AppConfig;
  secret: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { db, config, mailer, log } = deps;
  const secure = config.appUrl.startsWith("https://");
  return betterAuth({
    appName: "Cultivate",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    telemetry: { enabled: false },
    // The same rule as our own guard (auth/origin.ts); auth/routes.ts passes the served origin along.
    trustedOrigins: (request) => trustedOrigins(config, request?.headers.get(SERVED_ORIGIN_HEADER) ?? null),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_S,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        // Awaiting the outbox insert keeps the message safe; delivery failures are retried by the mailer.
        await mailer.send(passwordResetEmail(user.email, url, RESET_TOKEN_TTL_S / 60));
      },
    },
    session: {
      expiresIn: SESSION_ABSOLUTE_LIFETIME_S,
      // Expiry is fixed at sign-in (absolute lifetime); the idle timeout is ours (auth/session.ts).
      disableSessionRefresh: true,
      additionalFields: { lastActiveAt: { type: "date", required: false, input: false } },
    },
    // Our own limiter (auth/routes.ts) counts failed sign-ins per IP and per account.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ["x-forwarded-for"] : ["x-cultivate-no-proxy"] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await db.insert(userProfiles).values({ id: user.id }).onConflictDoNothing();
          },
        },
      },
    },
    // TOTP two-factor sign-in (issue 5): sign-in then answers { twoFactorRedirect: true } and the
    // session is only created by /two-factor/verify-totp (or a backup code).
    plugins: [twoFactor({ issuer: "Cultivate" })],
    logger: {
      log: (level, message, ...args) => {
        if (level === "error") log.error({ args }, `auth: ${message}`);
        else if (level === "warn") log.warn({ args }, `auth: ${message}`);
        else log.debug({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
