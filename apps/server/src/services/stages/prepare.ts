import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import {
  buildStagePrompt,
  CAMPAIGN_MESSAGES,
  CONTACT_REPORTS_IN_PROMPT,
  formatRecentInteractions,
  formatPreviousSummaries,
  STAGE_MESSAGES,
  type stageRequestSchema,
} from "@cultivate/shared";
import { badRequest } from "../../lib/errors.ts";
import type { Actor } from "../../policy/actor.ts";
import { campaignForDonorWork } from "../campaigns/service.ts";
import { visibleDonor } from "../donors/access.ts";
import { stageContext } from "./context.ts";

/**
 * Everything a recommendation needs, checked: the donor, the campaign (one the actor may see, 404 otherwise;
 * archived → 409), the rules of docs/RULES.md, AI recommendations.
 */
export async function prepareStage(
  app: FastifyInstance,
  actor: Actor,
  donorId: string,
  body: z.infer<typeof stageRequestSchema>,
) {
  const { donor } = await visibleDonor(app, actor, donorId);
  if (body.stage === "Discovery" && !body.campaignId) throw badRequest(STAGE_MESSAGES.discoveryNeedsCampaign);
  if (body.stage !== "Discovery" && !body.prepNotes?.trim()) throw badRequest(STAGE_MESSAGES.prepNotesRequired);
  // Five reads at once (a refused campaign still refuses: its error rejects them all).
  const [campaign, goal, previous, prompt, interactions] = await Promise.all([
    body.campaignId
      ? campaignForDonorWork(
          app,
          actor,
          donor.organizationId,
          body.campaignId,
          CAMPAIGN_MESSAGES.archivedNoRecommendation,
        )
      : null,
    body.campaignId ? app.repos.campaigns.goalOf(donor.organizationId, body.campaignId, donor.id) : null,
    app.repos.stages.records(donor.organizationId, donor.id),
    app.repos.prompts.current(body.stage),
    // Issue 15: what actually happened with the donor lately (docs/RULES.md, Contact reports).
    app.repos.contactReports.recent(donor.organizationId, donor.id, CONTACT_REPORTS_IN_PROMPT),
  ]);
  const donorGoal = goal || null;
  const context = stageContext(donor, body.stage, {
    campaignName: campaign?.name ?? null,
    campaignGoal: campaign?.goal || null,
    donorGoal,
    prepNotes: body.prepNotes ?? null,
    previous,
    recentInteractions: interactions,
  });
  const text = buildStagePrompt({
    stagePrompt: prompt?.promptText ?? `Write a ${body.stage} stage cultivation plan for this donor.`,
    stage: body.stage,
    donorFacts: context.donor.facts,
    campaignName: campaign?.name ?? null,
    // Issue 14: the campaign's own goal, and the donor's goal for it when one was set.
    campaignGoal: campaign?.goal || null,
    donorGoal,
    prepNotes: body.prepNotes,
    // The context's earlier stages: AI outputs, and the notes of records a person wrote on the board.
    previousSummaries: formatPreviousSummaries(context.previousStages),
    recentInteractions: interactions.length ? formatRecentInteractions(interactions) : null,
  });
  return { donor, campaign, context, prompt: text, promptVersion: prompt?.version ?? 0 };
}
export type PreparedStage = Awaited<ReturnType<typeof prepareStage>>;
