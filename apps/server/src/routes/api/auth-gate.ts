import type { FastifyInstance } from "fastify";
import { requireActor } from "../../policy/policy.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The 401 message of this route for a signed-out request (default: "You must be signed in to do that."). */
    signedOutMessage?: string;
  }
}

/**
 * The only /api routes a signed-out visitor may call ("METHOD /path" as the router knows it; HEAD counts
 * as GET). Everything else under the /api scope needs a session. better-auth's /api/auth/* routes are
 * registered outside this scope and answer for themselves; /api/docs (Swagger UI) is outside it too.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  "GET /api/config", // product name and support address for the landing page
  "GET /api/health", // liveness and database check
  "POST /api/test-email", // the landing page's Test Email button (rate-limited, fixed recipient)
  "GET /api/calendar/:token", // a calendar app's subscription: the secret in the path is the key (issue 15)
]);

/**
 * One sign-in gate (docs/SECURITY.md "One sign-in gate"): an `onRequest` hook on the /api scope that
 * answers 401 `{ error: "unauthorized", message }` to a signed-out request before its body is read or
 * anything is validated, so a visitor learns nothing about a route's input. It runs after the app-wide
 * onRequest hooks: rate limit (429), then the same-origin guard (403 for another site, 415 for a body
 * type the route does not read). Handlers still call `requireActor` to narrow the (memoised) actor.
 */
export function registerSignInGate(api: FastifyInstance): void {
  api.addHook("onRequest", async (request) => {
    const method = request.method === "HEAD" ? "GET" : request.method;
    if (PUBLIC_ROUTES.has(`${method} ${request.routeOptions.url}`)) return;
    requireActor(await api.getActor(request), request.routeOptions.config.signedOutMessage);
  });
}
