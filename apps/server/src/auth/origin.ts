import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../config.ts";
import { HttpError } from "../lib/errors.ts";
import { COOKIE_PREFIX } from "./cookies.ts";

/**
 * Which pages may change anything through the API (docs/SECURITY.md "Same-origin requests").
 * One rule, used by our own guard below and by better-auth's `trustedOrigins`:
 * - with APP_URL: exactly its origin, plus TRUSTED_ORIGINS;
 * - without APP_URL: the origin the request itself was served at (scheme + Host header), so
 *   http://127.0.0.1:3000 or a LAN address works as well as http://localhost:3000.
 * In development the Vite dev and preview servers (ports 5173 and 4173) are added.
 */
export function trustedOrigins(config: AppConfig, served: string | null): string[] {
  const list = config.appUrlExplicit ? [originOf(config.appUrl) ?? config.appUrl] : served ? [served] : [];
  list.push(...config.trustedOrigins);
  if (config.env === "development") list.push("http://localhost:5173", "http://localhost:4173");
  return list;
}

/** True when `origin` (an Origin header) is one of ours for a request served at `served`. */
export function isOwnOrigin(config: AppConfig, origin: string, served: string | null): boolean {
  return trustedOrigins(config, served).includes(origin);
}

/** `scheme://host[:port]` of a URL, or null when it is not an http(s) URL. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin the request was served at: its scheme and Host header (X-Forwarded-Proto/-Host
 * only with TRUST_PROXY, as Fastify reads them). Null for a Host that is not a plain host[:port].
 */
export function servedOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || !/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) return null;
  return originOf(`${request.protocol}://${host}`);
}

/** Header that carries our verdict to better-auth (set by auth/routes.ts, never taken from the client). */
export const SERVED_ORIGIN_HEADER = "x-cultivate-served-origin";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Does the Cookie header carry our session cookie (with or without the __Secure- prefix)? */
const hasSessionCookie = (cookie: string | undefined) =>
  !!cookie &&
  cookie.split(";").some((c) => {
    const name = c.trim().split("=")[0];
    return name === `${COOKIE_PREFIX}.session_token` || name === `__Secure-${COOKIE_PREFIX}.session_token`;
  });

export const FORBIDDEN_ORIGIN_MESSAGE = "This request did not come from Cultivate's own pages, so it was refused.";
const forbiddenOrigin = () => new HttpError(403, "forbidden_origin", FORBIDDEN_ORIGIN_MESSAGE);

declare module "fastify" {
  interface FastifyContextConfig {
    /** Media types the route's body may have (default: application/json only). */
    accepts?: readonly string[];
    /** The 415 message when the body has another type. */
    unsupportedMediaTypeMessage?: string;
  }
}

const JSON_ONLY = ["application/json"] as const;

/**
 * Cross-site request forgery guard for every state-changing request under /api (better-auth's
 * routes included), run before the body is read:
 * 1. `Sec-Fetch-Site: cross-site | same-site` → 403, unless the Origin is listed in TRUSTED_ORIGINS;
 * 2. an `Origin` header must be one of ours (`trustedOrigins`) → else 403;
 * 3. no `Origin` and no `Sec-Fetch-Site: same-origin`, but a session cookie → 403 (browsers send
 *    Origin on every POST/PUT/PATCH/DELETE; clients without our cookie, such as scripts, are not
 *    what CSRF abuses, so they pass);
 * 4. the body's Content-Type must be one the route reads (JSON unless the route says otherwise:
 *    the CSV import, the sendBeacon tracking routes) → else 415. text/plain, forms and multipart
 *    are the types a page on another site can send without asking first.
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method) || !(request.url.startsWith("/api/") || request.url === "/api")) return;
    const origin = single(request.headers.origin);
    const site = single(request.headers["sec-fetch-site"])?.toLowerCase();
    const listed = origin !== undefined && app.config.trustedOrigins.includes(origin);
    if ((site === "cross-site" || site === "same-site") && !listed) throw forbiddenOrigin();
    if (origin !== undefined) {
      if (!isOwnOrigin(app.config, origin, servedOrigin(request))) throw forbiddenOrigin();
    } else if (site !== "same-origin" && hasSessionCookie(single(request.headers.cookie))) {
      throw forbiddenOrigin();
    }

    if (!request.routeOptions.url) return; // an unknown route: the 404 says more than a 415
    const accepts = request.routeOptions.config.accepts ?? JSON_ONLY;
    const rawType = single(request.headers["content-type"]);
    const type = rawType?.split(";")[0]!.trim().toLowerCase();
    const hasBody =
      Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"] !== undefined;
    if (type === undefined || type === "" ? hasBody : !accepts.includes(type)) {
      throw new HttpError(
        415,
        "unsupported_media_type",
        request.routeOptions.config.unsupportedMediaTypeMessage ?? `Send this request's body as ${accepts[0]}.`,
      );
    }
  });
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
