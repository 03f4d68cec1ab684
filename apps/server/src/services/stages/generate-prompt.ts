import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  buildStagePrompt,
  DEFAULT_CAMPAIGN_GOAL,
  DEFAULT_PREP_NOTES,
  DEFAULT_PREVIOUS_SUMMARIES,
  DONOR_FIELDS,
  type AiProviderId,
  type StageName,
} from "@cultivate/shared";
import type { StageContext } from "../../ai/types.ts";
import type { Actor } from "../../policy/actor.ts";
import { can } from "../../policy/policy.ts";
import { currentAiSetting } from "../ai-settings/service.ts";
import { visibleDonor } from "../donors/access.ts";
import { donorFacts, stageContext } from "./context.ts";

export type GeneratePromptInput = {
  donor: { id?: string } & Record<string, unknown>;
  stage: StageName;
  campaignGoal?: string | null;
  prepNotes?: string | null;
  stagePrompt?: string | null;
  previousSummaries?: string | null;
  aiProvider?: AiProviderId;
};

/** Labels of the spec's donors_full view ("First Name", "DS Rating", …) or catalogue keys, as prompt facts. */
function factsFromBody(donor: Record<string, unknown>): [string, string][] {
  const facts: [string, string][] = [];
  for (const f of DONOR_FIELDS) {
    const v = donor[f.label] ?? donor[f.key];
    if (v !== undefined && v !== null && v !== "" && f.section !== "Contact Information" && !f.derived)
      facts.push([f.label, String(v)]);
  }
  return facts;
}

/**
 * The generatePrompt function (docs/RULES.md, AI recommendations): a recommendation from a donor object;
 * nothing is saved. A donor id must be one the caller may see (404 otherwise) and its stored record is the
 * source of truth. Throws the provider's AiError for the caller to answer 502/503.
 */
export async function generatePrompt(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  body: GeneratePromptInput,
): Promise<{ aiOutput: string }> {
  let facts: [string, string][];
  let context: StageContext | undefined;
  let organizationId: string | undefined; // the donor's, when one is named; else the actor's
  if (!body.donor.id) {
    facts = factsFromBody(body.donor);
  } else {
    const { donor } = await visibleDonor(app, actor, body.donor.id);
    organizationId = donor.organizationId;
    facts = donorFacts(donor);
    const previous = await app.repos.stages.records(donor.organizationId, donor.id);
    context = stageContext(donor, body.stage, {
      campaignName: null,
      campaignGoal: body.campaignGoal ?? null,
      prepNotes: body.prepNotes ?? null,
      previous,
    });
  }
  // The admin's global setting decides; only an admin may name another provider for one call.
  const providerId =
    body.aiProvider && can.changeAiProvider(actor) ? body.aiProvider : (await currentAiSetting(app)).provider;
  const prompt = buildStagePrompt({
    stagePrompt: body.stagePrompt || `Write a ${body.stage} stage cultivation plan for this donor.`,
    stage: body.stage,
    donorFacts: facts,
    campaignGoal: body.campaignGoal || DEFAULT_CAMPAIGN_GOAL,
    prepNotes: body.prepNotes || DEFAULT_PREP_NOTES,
    previousSummaries: body.previousSummaries || DEFAULT_PREVIOUS_SUMMARIES,
  });
  const result = await app.activity.around(
    actor,
    request,
    {
      organizationId,
      actionType: "ai_interaction",
      actionName: "ai_generate_function",
      resourceType: "donor",
      resourceId: body.donor.id ?? null,
      details: { stage: body.stage, provider: providerId },
    },
    () => app.ai.get(providerId).generate({ prompt, context }),
  );
  return { aiOutput: result.text };
}
