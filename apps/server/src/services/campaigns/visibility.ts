import { and, eq, type SQL } from "drizzle-orm";
import { CAMPAIGN_MESSAGES } from "@cultivate/shared";
import type { Db } from "../../db/client.ts";
import { campaigns } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { Actor } from "../../policy/actor.ts";
import { can, organizationScope } from "../../policy/policy.ts";

/**
 * The one rule for which campaigns an actor may read or write (docs/RULES.md, Campaigns): their organisation's
 * (admins: any, or the one named), and for an officer who is not also admin, owner or manager only
 * the campaigns they own. Every campaign query of the API starts from these conditions.
 */
export function campaignVisibility(actor: Actor, requestedOrg?: string | null): SQL[] {
  const conditions: SQL[] = [];
  if (requestedOrg || !can.seeAllOrganizations(actor)) {
    conditions.push(eq(campaigns.organizationId, organizationScope(actor, requestedOrg)));
  }
  if (can.onlyOwnCampaigns(actor)) conditions.push(eq(campaigns.ownerUserId, actor.userId));
  return conditions;
}

/**
 * The campaigns an actor may use for one donor's work: the donor's organisation, narrowed by
 * `campaignVisibility` (an admin working on another organisation's donor sees that organisation's).
 */
export function donorCampaignVisibility(actor: Actor, donorOrganizationId: string): SQL[] {
  const conditions: SQL[] = [eq(campaigns.organizationId, donorOrganizationId)];
  if (can.onlyOwnCampaigns(actor)) conditions.push(eq(campaigns.ownerUserId, actor.userId));
  return conditions;
}

export type DonorWorkCampaign = { id: string; name: string; isArchived: boolean };

/**
 * A campaign chosen for new work on a donor (a goal, a stage recommendation): 404 when the actor may
 * not see it (another organisation's, a colleague's for an own-campaigns officer), 409 when archived.
 */
export async function campaignForDonorWork(
  db: Db,
  actor: Actor,
  donorOrganizationId: string,
  campaignId: string,
  archivedMessage: string,
): Promise<DonorWorkCampaign> {
  const [row] = await db
    .select({ id: campaigns.id, name: campaigns.name, isArchived: campaigns.isArchived })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), ...donorCampaignVisibility(actor, donorOrganizationId)));
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  if (row.isArchived) throw conflict(archivedMessage);
  return row;
}
