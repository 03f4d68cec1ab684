import { HttpError } from "./errors.ts";

/**
 * The PostgreSQL error behind an error, if any (drizzle wraps it as `cause` of "Failed query: …"; both
 * node-postgres and PGlite set `code` to the SQLSTATE and `severity`).
 */
export function databaseErrorOf(err: unknown): { code: string } | null {
  let e = err as { code?: unknown; severity?: unknown; cause?: unknown } | null | undefined;
  for (let i = 0; e && typeof e === "object" && i < 5; i++, e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === "string")
      return { code: e.code };
  }
  return null;
}

/**
 * A database refusal caused by the request's values, as a 4xx with one sentence (the query, its
 * parameters and the database's own message go to the log only). Null for anything else (a 500).
 */
export function httpErrorOfDatabase(code: string): HttpError | null {
  if (code === "23505") return new HttpError(409, "conflict", "A record with the same details already exists.");
  if (code === "23503")
    return new HttpError(409, "conflict", "The request refers to a record that does not exist (or no longer exists).");
  if (code.startsWith("23"))
    return new HttpError(400, "validation_error", "The request is missing a value or has a value that is not allowed.");
  if (code.startsWith("22"))
    return new HttpError(400, "validation_error", "A value in the request is out of range or not valid.");
  if (code === "54000") return new HttpError(400, "validation_error", "A value in the request is too large to store.");
  return null;
}

/** The sentence a user may see for an error: ours as written, anything else a generic one (no SQL, no data). */
export function publicErrorMessage(err: unknown): string {
  if (err instanceof HttpError) return err.message;
  const db = databaseErrorOf(err);
  if (db) return httpErrorOfDatabase(db.code)?.message ?? "An unexpected error occurred.";
  const e = err as { statusCode?: unknown; status?: unknown; message?: unknown; name?: unknown } | null;
  // Fastify's own 4xx errors (validation, bad JSON) and the AI providers' errors are written for people.
  if (
    e &&
    typeof e.message === "string" &&
    ((typeof e.statusCode === "number" && e.statusCode < 500) || e.name === "AiError")
  )
    return e.message;
  return "An unexpected error occurred.";
}
