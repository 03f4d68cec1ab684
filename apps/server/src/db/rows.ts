/**
 * The rows of a raw `db.execute(sql…)`. node-postgres and PGlite both answer `{ rows }`, but Drizzle's
 * result type for a database over either driver does not say so. The caller names the shape it selected.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
