import { count, eq } from "drizzle-orm";
import type { OfficerDashboard, OrganizationRef, OwnerDashboard, SystemOverview } from "@cultivate/shared";
import type { Db } from "../../db/client.ts";
import { userProfiles } from "../../db/schema.ts";
import {
  countCampaigns,
  countDonors,
  countDonorsInCampaignsOf,
  countStagePrompts,
  pipeline,
} from "./tenant-figures.ts";

export async function systemOverview(db: Db): Promise<SystemOverview> {
  return {
    donors: await countDonors(db, null),
    campaigns: await countCampaigns(db, { organizationId: null }),
    stagePrompts: await countStagePrompts(db),
  };
}

async function countUsers(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userProfiles)
    .where(eq(userProfiles.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

export async function ownerDashboard(db: Db, organization: OrganizationRef): Promise<OwnerDashboard> {
  return {
    organization,
    activeCampaigns: await countCampaigns(db, { organizationId: organization.id, activeOnly: true }),
    totalDonors: await countDonors(db, organization.id),
    users: await countUsers(db, organization.id),
    pipeline: await pipeline(db, { organizationId: organization.id }),
  };
}

export async function officerDashboard(
  db: Db,
  organization: OrganizationRef,
  userId: string,
): Promise<OfficerDashboard> {
  const stages = await pipeline(db, { organizationId: organization.id, ownerUserId: userId });
  return {
    organization,
    ownActiveCampaigns: await countCampaigns(db, {
      organizationId: organization.id,
      activeOnly: true,
      ownerUserId: userId,
    }),
    ownCampaignsTotal: await countCampaigns(db, { organizationId: organization.id, ownerUserId: userId }),
    donorsInOwnCampaigns: await countDonorsInCampaignsOf(db, organization.id, userId),
    totalDonors: await countDonors(db, organization.id),
    users: await countUsers(db, organization.id),
    completedDonors: stages.find((s) => s.stage === "Complete")?.donors ?? 0,
    pipeline: stages,
  };
}
