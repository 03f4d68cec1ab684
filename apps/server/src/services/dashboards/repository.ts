import { count, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { userProfiles } from "../../db/schema.ts";
import {
  countCampaigns,
  countDonors,
  countDonorsInCampaignsOf,
  countStagePrompts,
  pipeline,
} from "./tenant-figures.ts";

/**
 * The dashboards' figures: the SQL of other resources' tables stays in one module (tenant-figures.ts,
 * ADR 019); this adds the user count and the optional transaction. Every figure takes the organisation
 * (null only for the admin's System Overview, which is deliberately across organisations).
 */
export function dashboardRepository(db: Db) {
  return {
    countDonors: (organizationId: string | null, tx: DbOrTx = db) => countDonors(tx, organizationId),
    countCampaigns: (
      filter: { organizationId: string | null; activeOnly?: boolean; ownerUserId?: string },
      tx: DbOrTx = db,
    ) => countCampaigns(tx, filter),
    countDonorsInCampaignsOf: (organizationId: string, ownerUserId: string, tx: DbOrTx = db) =>
      countDonorsInCampaignsOf(tx, organizationId, ownerUserId),
    countStagePrompts: (tx: DbOrTx = db) => countStagePrompts(tx),
    pipeline: (scope: { organizationId: string; ownerUserId?: string }, tx: DbOrTx = db) => pipeline(tx, scope),
    async countUsers(organizationId: string, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(userProfiles)
        .where(eq(userProfiles.organizationId, organizationId));
      return Number(row?.n ?? 0);
    },
  };
}
