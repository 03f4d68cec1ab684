import type { FastifyInstance } from "fastify";
import type { OfficerDashboard, OrganizationRef, OwnerDashboard, SystemOverview } from "@cultivate/shared";

/** The dashboards (docs/RULES.md, Dashboards), read through `app.repos.dashboards`. */
export async function systemOverview(app: FastifyInstance): Promise<SystemOverview> {
  return {
    donors: await app.repos.dashboards.countDonors(null),
    campaigns: await app.repos.dashboards.countCampaigns({ organizationId: null }),
    stagePrompts: await app.repos.dashboards.countStagePrompts(),
  };
}

export async function ownerDashboard(app: FastifyInstance, organization: OrganizationRef): Promise<OwnerDashboard> {
  // Two statements at once: the cards, and the pipeline (docs/decisions/044-request-cost.md).
  const [figures, pipeline] = await Promise.all([
    app.repos.dashboards.organizationFigures(organization.id),
    app.repos.dashboards.pipeline({ organizationId: organization.id }),
  ]);
  return {
    organization,
    activeCampaigns: figures.activeCampaigns,
    totalDonors: figures.totalDonors,
    users: figures.users,
    pipeline,
  };
}

export async function officerDashboard(
  app: FastifyInstance,
  organization: OrganizationRef,
  userId: string,
): Promise<OfficerDashboard> {
  const [figures, stages] = await Promise.all([
    app.repos.dashboards.organizationFigures(organization.id, userId),
    app.repos.dashboards.pipeline({ organizationId: organization.id, ownerUserId: userId }),
  ]);
  return {
    organization,
    ownActiveCampaigns: figures.own!.activeCampaigns,
    ownCampaignsTotal: figures.own!.campaigns,
    donorsInOwnCampaigns: figures.own!.donors,
    totalDonors: figures.totalDonors,
    users: figures.users,
    completedDonors: stages.find((s) => s.stage === "Complete")?.donors ?? 0,
    pipeline: stages,
  };
}
