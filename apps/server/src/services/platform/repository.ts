import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** The platform's own checks, which belong to no organisation: is the database answering (GET /api/health). */
export function platformRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}
