import type { FastifyInstance, FastifyRequest } from "fastify";
import { CAMPAIGN_DONOR_PAGE_SIZE, CAMPAIGN_MESSAGES, CAMPAIGN_PAGE_SIZE } from "@cultivate/shared";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { Actor } from "../../policy/actor.ts";
import { authorize, can, organizationScope, requireActor } from "../../policy/policy.ts";
import { trackOperation } from "../activity/track.ts";
import type { CampaignFields } from "./repository.ts";

/** Campaigns (docs/RULES.md, Campaigns): who may manage them, what each change records. */

type CampaignRow = { createdAt: Date } & Record<string, unknown>;
const present = <T extends CampaignRow>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function campaignActor(app: FastifyInstance, request: FastifyRequest): Promise<Actor> {
  const actor = requireActor(await app.getActor(request));
  authorize(actor, can.manageCampaigns, CAMPAIGN_MESSAGES.accessDenied);
  return actor;
}

/** A campaign the actor may see, else 404 (another organisation's, or an officer's colleague's). */
async function findVisible(app: FastifyInstance, actor: Actor, id: string) {
  const row = await app.repos.campaigns.findVisible(actor, id);
  if (!row) throw notFound("Campaign not found.");
  return row;
}

/**
 * One page of the campaigns the actor may see (ADR 070: an admin's list was every organisation's
 * campaigns on every visit), with the totals the page's pager and empty state need.
 */
export async function listCampaigns(
  app: FastifyInstance,
  actor: Actor,
  query: { organizationId?: string; includeArchived?: string; page: number },
) {
  const { organizationId, page } = query;
  const includeArchived = query.includeArchived === "true";
  // The counts go first: their scope check answers a non-admin naming another organisation, as before.
  const counts = await app.repos.campaigns.counts(actor, organizationId);
  let organizationName: string | null = null;
  if (organizationId) {
    organizationName = await app.repos.organizations.nameOf(organizationId);
    if (organizationName === null) throw notFound("Organization not found.");
  }
  const rows = await app.repos.campaigns.page(actor, {
    organizationId,
    includeArchived,
    offset: (page - 1) * CAMPAIGN_PAGE_SIZE,
    limit: CAMPAIGN_PAGE_SIZE,
  });
  return {
    campaigns: rows.map(present),
    ownOnly: can.onlyOwnCampaigns(actor),
    organizationName,
    total: counts.active + (includeArchived ? counts.archived : 0),
    activeTotal: counts.active,
    page,
    pageSize: CAMPAIGN_PAGE_SIZE,
  };
}

export async function createCampaign(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  { organizationId: requested, ...fields }: CampaignFields & { organizationId?: string | null },
) {
  if (!requested && !actor.organizationId) throw badRequest(CAMPAIGN_MESSAGES.orgUnavailable);
  const organizationId = organizationScope(actor, requested);
  // The organisation must exist before anything is filed under it (the log references it).
  if (!(await app.repos.organizations.exists(organizationId))) throw notFound("Organization not found.");
  const created = await trackOperation(
    app,
    actor,
    request,
    {
      organizationId,
      actionType: "campaign_management",
      actionName: "campaign_create",
      resourceType: "campaign",
      details: { name: fields.name },
    },
    () => app.repos.campaigns.insert(organizationId, actor.userId, fields),
    (row) => ({ resourceId: row.id }),
  );
  return present(await findVisible(app, actor, created.id));
}

/** Edit, archive or unarchive ({ isArchived }); the dates must stay in order. */
export async function updateCampaign(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  id: string,
  patch: Partial<CampaignFields>,
) {
  const existing = await findVisible(app, actor, id);
  const startDate = patch.startDate ?? existing.startDate;
  const endDate = patch.endDate ?? existing.endDate;
  if (startDate > endDate) throw badRequest(CAMPAIGN_MESSAGES.datesOutOfOrder);
  const actionName =
    patch.isArchived === undefined ? "campaign_update" : patch.isArchived ? "campaign_archive" : "campaign_unarchive";
  await trackOperation(
    app,
    actor,
    request,
    {
      organizationId: existing.organizationId,
      actionType: "campaign_management",
      actionName,
      resourceType: "campaign",
      resourceId: existing.id,
      details: { name: existing.name },
    },
    () => app.repos.campaigns.update(existing.organizationId, existing.id, patch),
  );
  return present(await findVisible(app, actor, existing.id));
}

export async function deleteCampaign(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  id: string,
): Promise<void> {
  const existing = await findVisible(app, actor, id);
  await app.repos.campaigns.remove(existing.organizationId, existing.id);
  app.activity.record(actor, request, {
    organizationId: existing.organizationId,
    actionType: "campaign_management",
    actionName: "campaign_delete",
    resourceType: "campaign",
    resourceId: existing.id,
    details: { name: existing.name },
  });
}

/**
 * GET /api/campaigns/{id}/donors: one page of the campaign's donors, by name. A campaign of 11,000 donors
 * drew 11,000 rows in its card (ADR 078 pages the board the same way).
 */
export async function campaignDonors(app: FastifyInstance, actor: Actor, id: string, page: number) {
  const campaign = await findVisible(app, actor, id);
  const pageSize = CAMPAIGN_DONOR_PAGE_SIZE;
  const { donors, total } = await app.repos.campaigns.donorsOf(campaign.organizationId, campaign.id, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { donors, total, page, pageSize };
}

export type DonorWorkCampaign = { id: string; name: string; goal: string | null; isArchived: boolean };

/**
 * A campaign chosen for new work on a donor (a goal, a stage recommendation): 404 when the actor may
 * not see it (another organisation's, a colleague's for an own-campaigns officer), 409 when archived.
 */
export async function campaignForDonorWork(
  app: FastifyInstance,
  actor: Actor,
  donorOrganizationId: string,
  campaignId: string,
  archivedMessage: string,
): Promise<DonorWorkCampaign> {
  const row = await app.repos.campaigns.findForDonorWork(actor, donorOrganizationId, campaignId);
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  if (row.isArchived) throw conflict(archivedMessage);
  return row;
}
