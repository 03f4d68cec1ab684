import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { loadSessionActor, type Actor } from "../policy/actor.ts";
import { SESSION_IDLE_TIMEOUT_MS } from "./auth.ts";

/** Writing last-active on every request would serialise PGlite for nothing; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The session token of a request: the value of better-auth's signed session cookie (`name`), if its
 * signature is good. better-auth signs cookies as `encodeURIComponent(token + "." + base64(HMAC-SHA256(
 * secret, token)))` (better-call's signed cookies); the first cookie of that name counts, as in
 * better-auth's own getSession. Checked here with node's HMAC instead of a WebCrypto key per request.
 */
export function sessionTokenOf(cookieHeader: string | undefined, name: string, secret: string): string | null {
  if (!cookieHeader) return null;
  let value: string | null = null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    value = part.slice(eq + 1).trim();
    break;
  }
  if (!value) return null;
  if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  try {
    if (value.includes("%")) value = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = crypto.createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
}

/**
 * Resolves the request's session to an Actor in one statement (session, user, profile, organisation,
 * roles), with better-auth's own rule for an expired session (deleted, signed out) and our idle timeout
 * on top of it: an idle session is deleted and treated as signed out. better-auth's getSession would
 * verify the cookie with a WebCrypto key and read session and user in two statements before our actor
 * query (docs/decisions/044-request-cost.md).
 */
export async function resolveActor(
  db: Db,
  cookie: { name: string; secret: string },
  request: FastifyRequest,
  now = new Date(),
): Promise<Actor | null> {
  const token = sessionTokenOf(request.headers.cookie, cookie.name, cookie.secret);
  if (!token) return null;
  const found = await loadSessionActor(db, token);
  if (!found) return null;
  const { session, actor } = found;
  const lastActive = session.lastActiveAt ?? session.createdAt;
  if (session.expiresAt.getTime() < now.getTime() || now.getTime() - lastActive.getTime() > SESSION_IDLE_TIMEOUT_MS) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (now.getTime() - lastActive.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, session.id));
  }
  return actor;
}
