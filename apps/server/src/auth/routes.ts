import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromNodeHeaders } from "better-auth/node";
import {
  changePasswordBodySchema,
  passwordResetRequestBodySchema,
  PASSWORD_TOO_SHORT_MESSAGE,
  resetPasswordBodySchema,
  resetPasswordTokenParamsSchema,
  resetPasswordTokenQuerySchema,
  signInBodySchema,
  signUpBodySchema,
  TOO_MANY_ATTEMPTS_MESSAGE,
  twoFactorCodeBodySchema,
  twoFactorPasswordBodySchema,
  UNEXPECTED_ERROR_MESSAGE,
} from "@cultivate/shared";
import { tooManyRequests } from "../lib/errors.ts";
import { FailureLimiter } from "../lib/failure-limiter.ts";
import { COOKIE_PREFIX } from "./auth.ts";
import { SERVED_ORIGIN_HEADER, servedOrigin } from "./origin.ts";
import { hashPassword } from "./password.ts";
import { accountExistsEmail } from "../mail/templates.ts";
import { actorBeforeSignOut, trackSignIn, trackSignOut } from "../services/activity/track.ts";

/** The sign-up answer, the same whether or not the address already had an account. */
const SIGN_UP_ANSWER = JSON.stringify({ ok: true });
const EXISTING_ACCOUNT_CODES = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);

/** Messages better-auth words differently from our spec. */
const MESSAGE_BY_CODE: Record<string, string> = {
  PASSWORD_TOO_SHORT: PASSWORD_TOO_SHORT_MESSAGE,
};

/**
 * better-auth serves /api/auth/*; this plugin forwards requests to it and adds what it
 * lacks: per-IP and per-account limits on failed sign-ins and reset requests, sign-out that
 * always succeeds, `{ error, message }` errors, and OpenAPI entries for the calls the app uses.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // 5 failures a minute, then 429: "a 6th failed sign-in within a minute gets 429". Counted in the
  // database, so several app servers share them (ADR 040). Keys are prefixed per limiter: one table.
  const SIGN_IN_FAILURES = 5;
  const signInFailures = new FailureLimiter(app.db, SIGN_IN_FAILURES, 60_000);
  const resetByAccount = new FailureLimiter(app.db, 5, 15 * 60_000);
  const resetByIp = new FailureLimiter(app.db, 20, 15 * 60_000);
  // At most one "someone tried to create an account with your address" email per address per 15 minutes.
  const existingAccountMail = new FailureLimiter(app.db, 1, 15 * 60_000);

  // Our idle timeout (auth/session.ts) applies to better-auth's own routes too: resolving the actor
  // deletes a session idle for too long (so get-session, change-password, two-factor… see no session)
  // and records activity on a live one.
  app.addHook("preHandler", async (request) => {
    // A failure here is the route's to report (sign-out must succeed whatever happens).
    if (request.headers.cookie?.includes(`${COOKIE_PREFIX}.session_token=`))
      await app.getActor(request).catch(() => null);
  });

  // Response bodies are better-auth's own; they are forwarded as they are, so no response schema here.
  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    sendAuthResult(reply, await callAuth(app, request));
  };

  app.post("/sign-up/email", {
    schema: {
      tags: ["auth"],
      summary: "Create an account (email + password) and sign in",
      body: signUpBodySchema,
    },
    handler: async (request, reply) => {
      request.body.name ||= request.body.email;
      const result = await callAuth(app, request);
      if (result.status < 300) {
        sendAuthResult(reply, { ...result, text: SIGN_UP_ANSWER });
        return;
      }
      if (!EXISTING_ACCOUNT_CODES.has(errorCode(result.text) ?? "")) {
        sendAuthResult(reply, result);
        return;
      }
      // The address has an account: answer exactly as for a new one (no session, though: the residual is
      // in docs/SECURITY.md) and tell the owner by email. better-auth answered before hashing; hash
      // anyway so the time taken does not tell either.
      await hashPassword(request.body.password);
      const email = request.body.email;
      const base = app.config.appUrl;
      // Not awaited (the limit's check included): the database and SMTP round trips would make this
      // answer slower than a new account's.
      const mailOnce = async () => {
        const key = `exists-mail:${email}`;
        if (await existingAccountMail.isBlocked(key)) return;
        await existingAccountMail.hit(key);
        await app.mailer.send(accountExistsEmail(email, `${base}/login`, `${base}/forgot-password`));
      };
      mailOnce().catch((err: unknown) => {
        request.log.error({ err }, "could not queue the account-exists email");
      });
      reply.code(200).type("application/json").send(SIGN_UP_ANSWER);
    },
  });

  app.post("/sign-in/email", {
    schema: {
      tags: ["auth"],
      summary: "Sign in; rememberMe=false ends the session when the browser closes",
      body: signInBodySchema,
    },
    handler: async (request, reply) => {
      const accountKey = `sign-in-acct:${request.body.email}`;
      const ipKey = `sign-in-ip:${request.ip}`;
      const failures = await signInFailures.counts([ipKey, accountKey]);
      // An account with 5 recent failures is closed to every address that has failed recently (any
      // account), but not to a clean one: otherwise anyone could lock a known user out by failing on
      // purpose. A clean address that then fails is no longer clean.
      const [byIp, byAccount] = [failures.get(ipKey)!, failures.get(accountKey)!];
      if (byIp >= SIGN_IN_FAILURES || (byAccount >= SIGN_IN_FAILURES && byIp > 0)) {
        throw tooManyRequests(TOO_MANY_ATTEMPTS_MESSAGE);
      }
      const result = await callAuth(app, request);
      const status = result.status;
      // Counted before the answer leaves, so the client's next attempt (on any server) sees it.
      if (status >= 400 && status < 500) await signInFailures.hit(ipKey, accountKey);
      else if (status < 300) await signInFailures.reset(accountKey);
      sendAuthResult(reply, result);
      if (status < 300) {
        trackSignIn(app, request, result.text, request.body.rememberMe); // activity log, after the response
      }
    },
  });

  app.post("/sign-out", {
    schema: { tags: ["auth"], summary: "Sign out; succeeds even when the server no longer knows the session" },
    handler: async (request, reply) => {
      const actor = await actorBeforeSignOut(app, request); // for the activity log; the session is gone afterwards
      const result = await callAuth(app, request);
      trackSignOut(app, request, actor);
      if (result.status < 400) {
        sendAuthResult(reply, result);
      } else {
        // The spec treats "session missing" sign-out errors as success: clear the browser's cookies anyway.
        const secure = app.config.appUrl.startsWith("https://");
        const prefix = secure ? "__Secure-" : "";
        const cookies = ["session_token", "session_data", "dont_remember"].map(
          (name) =>
            `${prefix}${COOKIE_PREFIX}.${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
        );
        reply.code(200).header("set-cookie", cookies).type("application/json").send({ success: true });
      }
    },
  });

  app.post("/request-password-reset", {
    schema: {
      tags: ["auth"],
      summary: "Email a one-time reset link; the same answer whether or not the account exists",
      body: passwordResetRequestBodySchema,
    },
    handler: async (request, reply) => {
      const accountKey = `reset-acct:${request.body.email}`;
      const ipKey = `reset-ip:${request.ip}`;
      if ((await resetByIp.isBlocked(ipKey)) || (await resetByAccount.isBlocked(accountKey)))
        throw tooManyRequests(TOO_MANY_ATTEMPTS_MESSAGE);
      await Promise.all([resetByIp.hit(ipKey), resetByAccount.hit(accountKey)]);
      // Only our own page may receive the token.
      request.body.redirectTo = "/reset-password";
      await forward(request, reply);
    },
  });

  app.get("/reset-password/:token", {
    schema: {
      tags: ["auth"],
      summary: "The link in the reset email: redirects to /reset-password?token=… (or ?error=INVALID_TOKEN)",
      params: resetPasswordTokenParamsSchema,
      querystring: resetPasswordTokenQuerySchema,
    },
    handler: forward,
  });

  app.post("/reset-password", {
    schema: {
      tags: ["auth"],
      summary: "Set a new password with a reset token (single use)",
      body: resetPasswordBodySchema,
    },
    handler: forward,
  });

  app.get("/get-session", {
    schema: { tags: ["auth"], summary: "The current session, or null" },
    handler: forward,
  });

  // ---- account security (issue 5): password change and TOTP two-factor ----
  app.post("/change-password", {
    schema: {
      tags: ["auth"],
      summary: "Change the password of the signed-in user; the current password is required",
      body: changePasswordBodySchema,
    },
    handler: async (request, reply) => {
      // A new password always signs out the account's other sessions, whatever the client asks.
      request.body.revokeOtherSessions = true;
      await forward(request, reply);
    },
  });

  app.post("/two-factor/enable", {
    schema: {
      tags: ["auth"],
      summary:
        "Start TOTP set-up (password required): returns the otpauth:// URI and backup codes; active after /two-factor/verify-totp",
      body: twoFactorPasswordBodySchema,
    },
    handler: forward,
  });

  app.post("/two-factor/disable", {
    schema: {
      tags: ["auth"],
      summary: "Turn two-factor sign-in off (password required)",
      body: twoFactorPasswordBodySchema,
    },
    handler: forward,
  });

  // Both second-factor checks share the sign-in failure limits (per IP; the account is unknown here).
  const verifySecondFactor = async (request: FastifyRequest, reply: FastifyReply) => {
    const ipKey = `2fa-ip:${request.ip}`;
    if (await signInFailures.isBlocked(ipKey)) throw tooManyRequests(TOO_MANY_ATTEMPTS_MESSAGE);
    const result = await callAuth(app, request);
    if (result.status >= 400 && result.status < 500) await signInFailures.hit(ipKey);
    sendAuthResult(reply, result);
  };
  const codeBody = twoFactorCodeBodySchema;

  app.post("/two-factor/verify-totp", {
    schema: {
      tags: ["auth"],
      summary:
        "Check a 6-digit authenticator code: finishes a two-factor sign-in, or confirms set-up for a signed-in user",
      body: codeBody,
    },
    handler: verifySecondFactor,
  });

  app.post("/two-factor/verify-backup-code", {
    schema: { tags: ["auth"], summary: "Finish a two-factor sign-in with a one-time backup code", body: codeBody },
    handler: verifySecondFactor,
  });

  // Nothing else of better-auth is reachable: its other endpoints (list-sessions, revoke-session,
  // update-user, delete-user, change-email, two-factor/get-totp-uri, …) are unused by the app, and
  // some answer with session tokens. An unknown /api/auth path gets our 404.
};

type AuthResult = { status: number; statusText: string; headers: [string, string][]; cookies: string[]; text: string };

async function callAuth(app: FastifyInstance, request: FastifyRequest): Promise<AuthResult> {
  const url = new URL(request.url, app.config.appUrl);
  const headers = fromNodeHeaders(request.headers);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  headers.delete("content-length");
  // better-auth's trustedOrigins (auth/auth.ts) reads where the request was served; never the client's value.
  headers.delete(SERVED_ORIGIN_HEADER);
  const served = servedOrigin(request);
  if (served) headers.set(SERVED_ORIGIN_HEADER, served);
  if (hasBody) headers.set("content-type", "application/json");
  const response = await app.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
    }),
  );
  const passHeaders: [string, string][] = [];
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie" && key !== "content-length" && key !== "content-encoding") passHeaders.push([key, value]);
  });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: passHeaders,
    cookies: response.headers.getSetCookie(),
    text: await response.text(),
  };
}

function sendAuthResult(reply: FastifyReply, result: AuthResult): void {
  reply.code(result.status);
  for (const [key, value] of result.headers) reply.header(key, value);
  if (result.cookies.length) reply.header("set-cookie", result.cookies);
  if (result.status < 400) {
    reply.send(stripToken(result.text));
    return;
  }
  let body: { code?: string; message?: string } = {};
  try {
    body = JSON.parse(result.text) as typeof body;
  } catch {
    // not JSON: fall through to a generic message
  }
  if (result.status >= 500) {
    // better-auth's own failure (its message may quote the database): one sentence here, the details to the log.
    reply.log.error({ status: result.status, body: result.text.slice(0, 2000) }, "the auth library failed");
    reply.type("application/json").send({ error: "internal_error", message: UNEXPECTED_ERROR_MESSAGE });
    return;
  }
  const code = body.code ?? "auth_error";
  reply.type("application/json").send({
    error: code.toLowerCase(),
    message: MESSAGE_BY_CODE[code] ?? body.message ?? (result.statusText || "Request failed"),
  });
}

/**
 * better-auth returns session tokens in bodies (`token` of sign-in/sign-up/verify-totp, `session.token`
 * of get-session); the browser only needs the httpOnly cookie, so every `token` field is removed.
 */
function stripToken(text: string): string | null {
  if (!text.startsWith("{") || !text.includes('"token"')) return text || null;
  try {
    return JSON.stringify(JSON.parse(text), (key, value: unknown) => (key === "token" ? undefined : value));
  } catch {
    return text;
  }
}

function errorCode(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { code?: string }).code;
  } catch {
    return undefined;
  }
}
