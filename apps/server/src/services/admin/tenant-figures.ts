import type { PipelineStage } from "@cultivate/shared";
import { STAGES } from "@cultivate/shared";
import type { DbOrTx } from "../../db/client.ts";

/**
 * Figures that come from other issues' tables (donors: issue 3; campaigns, stage prompts: issue 4).
 * Everything the administration screens read from those tables goes through this one file.
 *
 * TODO(issue 3/4): the donors, campaigns, campaign_goals, stages and stage_prompts tables were not
 * in apps/server/src/db/schema.ts when this was written, so each function answers 0 (or an empty
 * pipeline). Wire each one to its table when it lands; every caller and test already expects real
 * numbers filtered by organisation.
 */

/** Donor records, of one organisation or (null) of all. */
export async function countDonors(_db: DbOrTx, _organizationId: string | null): Promise<number> {
  return 0; // TODO(issue 3): select count(*) from donors [where organization_id = $1]
}

/** Campaigns of one organisation or all; `activeOnly` leaves out archived ones; `ownerUserId` narrows to one officer's. */
export async function countCampaigns(
  _db: DbOrTx,
  _filter: { organizationId: string | null; activeOnly?: boolean; ownerUserId?: string },
): Promise<number> {
  return 0; // TODO(issue 4): select count(*) from campaigns where … is_archived = false …
}

/** Distinct donors assigned to campaigns owned by this user (campaign goals). */
export async function countDonorsInCampaignsOf(_db: DbOrTx, _organizationId: string, _ownerUserId: string): Promise<number> {
  return 0; // TODO(issue 4): count(distinct donor_id) from campaign_goals join campaigns on owner_user_id
}

/** Stage prompts configured (the admin dashboard's System Overview). */
export async function countStagePrompts(_db: DbOrTx): Promise<number> {
  return 0; // TODO(issue 4): select count(*) from stage_prompts
}

/**
 * Donors per current engagement stage with the median days they have spent in it (part 2 §1: the
 * current stage is the first not yet done; time in it counts from the newest stage entry, or from
 * the donor's creation when there is none). Owner: the organisation's donors; officer: donors of
 * their campaigns.
 */
export async function pipeline(
  _db: DbOrTx,
  _scope: { organizationId: string; ownerUserId?: string },
): Promise<PipelineStage[]> {
  // TODO(issue 3/4): compute from donors, stages and campaign_goals; until then an empty pipeline.
  return [...STAGES, "Complete"].map((stage) => ({ stage, donors: 0, medianDaysInStage: null }));
}

/** Removes an organisation's donors and campaigns before the organisation itself (the confirmed cascade). */
export async function deleteOrganizationData(_tx: DbOrTx, _organizationId: string): Promise<{ donors: number; campaigns: number }> {
  // TODO(issue 3/4): delete from campaigns / donors where organization_id = $1 (their children cascade).
  return { donors: 0, campaigns: 0 };
}
