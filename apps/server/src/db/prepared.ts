import type { DbOrTx } from "./client.ts";

/**
 * A statement built once per database handle (or transaction) and sent as a named prepared statement:
 * node-postgres parses it once per connection and PostgreSQL may keep its plan; PGlite runs the same
 * text. For the statements most requests send: under load, Drizzle's query building was the largest
 * cost of the server process (docs/decisions/044-request-cost.md). `build` ends with
 * `.prepare(name)`, its values as `sql.placeholder(…)`; the name must be unique in the app.
 */
export function prepared<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let q = built.get(db);
    if (q === undefined) built.set(db, (q = build(db)));
    return q;
  };
}
