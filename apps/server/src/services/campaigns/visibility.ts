import { eq, type SQL } from "drizzle-orm";
import { campaigns } from "../../db/schema.ts";
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
