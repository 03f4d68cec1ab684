import type { FastifyInstance, FastifyRequest } from "fastify";
import { CAMPAIGN_MESSAGES, currentStage, STAGES } from "@cultivate/shared";
import type { Actor } from "../../policy/actor.ts";
import { campaignForDonorWork } from "../campaigns/service.ts";
import { visibleDonor } from "../donors/access.ts";
import { donorName } from "./context.ts";

/**
 * What /donor/{id} needs: donor summary, the open campaigns the actor may use (an own-campaigns officer: only
 * theirs; newest first) and their goals, stage records, default stage.
 */
export async function stageWorkspace(app: FastifyInstance, actor: Actor, donorId: string) {
  const { donor, organizationName } = await visibleDonor(app, actor, donorId);
  const [[campaignRows, goalRows], records] = await Promise.all([
    app.repos.campaigns.openForDonor(actor, donor.organizationId, donor.id),
    app.repos.stages.records(donor.organizationId, donor.id),
  ]);
  const done = new Set(records.map((r) => r.stageName));
  return {
    donor: {
      id: donor.id,
      name: donorName(donor),
      estimatedCapacity: donor.estimatedCapacity === null ? null : Number(donor.estimatedCapacity),
      dsRating: donor.dsRating,
      organizationId: donor.organizationId,
      organizationName,
    },
    campaigns: campaignRows,
    goals: goalRows,
    stages: records,
    defaultStage: STAGES.find((s) => !done.has(s)) ?? null,
    currentStage: currentStage(done),
  };
}

/** Sets the donor's goal text for a campaign the actor may use (this also adds the donor to the campaign). */
export async function setCampaignGoal(
  app: FastifyInstance,
  actor: Actor,
  donorId: string,
  campaignId: string,
  text: string,
) {
  const { donor } = await visibleDonor(app, actor, donorId);
  const campaign = await campaignForDonorWork(
    app,
    actor,
    donor.organizationId,
    campaignId,
    CAMPAIGN_MESSAGES.archivedNoGoals,
  );
  const goalText = text.trim();
  await app.repos.campaigns.setGoal(donor.organizationId, campaign.id, donor.id, goalText);
  return { campaignId: campaign.id, goalText };
}

/** Reset All Stages: deletes every stage record of the donor. */
export async function resetStages(app: FastifyInstance, actor: Actor, request: FastifyRequest, donorId: string) {
  const { donor } = await visibleDonor(app, actor, donorId);
  const deleted = await app.repos.stages.removeAll(donor.organizationId, donor.id);
  app.activity.record(actor, request, {
    organizationId: donor.organizationId,
    actionType: "ai_interaction",
    actionName: "ai_stages_reset",
    resourceType: "donor",
    resourceId: donor.id,
    details: { deleted },
  });
  return { deleted };
}
