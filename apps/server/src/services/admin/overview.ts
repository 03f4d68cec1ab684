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
  return {
    organization,
    activeCampaigns: await app.repos.dashboards.countCampaigns({ organizationId: organization.id, activeOnly: true }),
    totalDonors: await app.repos.dashboards.countDonors(organization.id),
    users: await app.repos.dashboards.countUsers(organization.id),
    pipeline: await app.repos.dashboards.pipeline({ organizationId: organization.id }),
  };
}

export async function officerDashboard(
  app: FastifyInstance,
  organization: OrganizationRef,
  userId: string,
): Promise<OfficerDashboard> {
  const stages = await app.repos.dashboards.pipeline({ organizationId: organization.id, ownerUserId: userId });
  return {
    organization,
    ownActiveCampaigns: await app.repos.dashboards.countCampaigns({
      organizationId: organization.id,
      activeOnly: true,
      ownerUserId: userId,
    }),
    ownCampaignsTotal: await app.repos.dashboards.countCampaigns({
      organizationId: organization.id,
      ownerUserId: userId,
    }),
    donorsInOwnCampaigns: await app.repos.dashboards.countDonorsInCampaignsOf(organization.id, userId),
    totalDonors: await app.repos.dashboards.countDonors(organization.id),
    users: await app.repos.dashboards.countUsers(organization.id),
    completedDonors: stages.find((s) => s.stage === "Complete")?.donors ?? 0,
    pipeline: stages,
  };
}
