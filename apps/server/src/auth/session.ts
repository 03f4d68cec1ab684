import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { fromNodeHeaders } from "better-auth/node";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { loadActor, type Actor } from "../policy/actor.ts";
import { SESSION_IDLE_TIMEOUT_MS, type Auth } from "./auth.ts";

/** Writing last-active on every request would serialise PGlite for nothing; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves the request's session to an Actor, enforcing the idle timeout on top of
 * better-auth's absolute expiry. An idle session is deleted and treated as signed out.
 */
export async function resolveActor(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
  now = new Date(),
): Promise<Actor | null> {
  const found = await auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    query: { disableCookieCache: true },
  });
  if (!found) return null;
  const { session } = found;
  const lastActive = new Date((session as { lastActiveAt?: Date | string | null }).lastActiveAt ?? session.createdAt);
  if (now.getTime() - lastActive.getTime() > SESSION_IDLE_TIMEOUT_MS) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (now.getTime() - lastActive.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastActiveAt: now })
      .where(and(eq(sessions.id, session.id)));
  }
  return loadActor(db, found.user.id, session.id);
}
