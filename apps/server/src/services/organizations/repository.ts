import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { organizations } from "../../db/schema.ts";

/** Organisations as other resources need them: does one exist, what is it called. */
export function organizationRepository(db: Db) {
  return {
    async exists(organizationId: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return rows.length > 0;
    },
    async nameOf(organizationId: string, tx: DbOrTx = db): Promise<string | null> {
      const [row] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.name ?? null;
    },
  };
}
export type OrganizationRepository = ReturnType<typeof organizationRepository>;
