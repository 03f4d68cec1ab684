import type { Db, DbOrTx } from "../../db/client.ts";
import { portfolioSizes, topUnassigned } from "./portfolio-figures.ts";
import { countCampaigns, countDonors, countStagePrompts, organizationFigures, pipeline } from "./tenant-figures.ts";

/**
 * The dashboards' figures: the SQL of other resources' tables stays in one module (tenant-figures.ts,
 * ADR 019); this adds the optional transaction. Every figure takes the organisation (null only for the
 * admin's System Overview, which is deliberately across organisations).
 */
export function dashboardRepository(db: Db) {
  return {
    countDonors: (organizationId: string | null, tx: DbOrTx = db) => countDonors(tx, organizationId),
    countCampaigns: (
      filter: { organizationId: string | null; activeOnly?: boolean; ownerUserId?: string },
      tx: DbOrTx = db,
    ) => countCampaigns(tx, filter),
    countStagePrompts: (tx: DbOrTx = db) => countStagePrompts(tx),
    /** An owner's or (with ownerUserId) an officer's cards, in one statement. */
    organizationFigures: (organizationId: string, ownerUserId?: string, tx: DbOrTx = db) =>
      organizationFigures(tx, organizationId, ownerUserId),
    pipeline: (scope: { organizationId: string; ownerUserId?: string }, tx: DbOrTx = db) => pipeline(tx, scope),
    /** Issue 15, Portfolios: donors and capacity per relationship manager; the top unassigned donors. */
    portfolioSizes: (organizationId: string, tx: DbOrTx = db) => portfolioSizes(tx, organizationId),
    topUnassigned: (organizationId: string, limit: number, tx: DbOrTx = db) => topUnassigned(tx, organizationId, limit),
  };
}
