import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  buildStagePrompt,
  DEFAULT_CAMPAIGN_GOAL,
  DEFAULT_PREP_NOTES,
  DEFAULT_PREVIOUS_SUMMARIES,
  DONOR_FIELDS,
  errorSchema,
  generatePromptInputSchema,
  generatePromptResultSchema,
} from "@cultivate/shared";
import { AiError, type StageContext } from "../../ai/types.ts";
import { can } from "../../policy/policy.ts";
import { donorActor } from "./donors/context.ts";
import { visibleDonor } from "./donors/record.ts";
import { currentAiSetting } from "./ai-settings.ts";
import { stageContext, stageRecords, donorFacts } from "../../services/stages/context.ts";

const bodySchema = generatePromptInputSchema;

/** Labels of the spec's donors_full view ("First Name", "DS Rating", …) or catalogue keys, as prompt facts. */
function factsFromBody(donor: Record<string, unknown>): [string, string][] {
  const facts: [string, string][] = [];
  for (const f of DONOR_FIELDS) {
    const v = donor[f.label] ?? donor[f.key];
    if (v !== undefined && v !== null && v !== "" && f.section !== "Contact Information") facts.push([f.label, String(v)]);
  }
  return facts;
}

/**
 * The generatePrompt function (docs/RULES.md, AI recommendations), kept for integrations: body donor, stage, campaignGoal,
 * prepNotes, stagePrompt, previousSummaries, aiProvider → { aiOutput } or { error }. Same session
 * and organisation checks as the rest of the API; nothing is saved. `aiProvider` is ignored unless the
 * caller is an admin: the global setting decides which (paid) provider is used.
 */
export const generatePromptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/functions/generatePrompt", {
    schema: {
      tags: ["stages"],
      summary: "Generate a stage recommendation from a donor object (integration contract of the original product); saves nothing",
      body: bodySchema,
      response: {
        200: generatePromptResultSchema,
        502: errorSchema,
        503: errorSchema,
      },
    },
    handler: async (request, reply) => {
      const actor = await donorActor(app, request);
      const body = request.body;
      let facts: [string, string][];
      let context: StageContext | undefined;
      let organizationId: string | undefined; // the donor's, when one is named; else the actor's
      if (!body.donor.id) {
        facts = factsFromBody(body.donor);
      } else {
        // A donor id must be one the caller may see (404 otherwise); its stored record is the source of truth.
        const { donor } = await visibleDonor(app, actor, body.donor.id);
        organizationId = donor.organizationId;
        facts = donorFacts(donor);
        const previous = await stageRecords(app.db, donor.id, donor.organizationId);
        context = stageContext(donor, body.stage, { campaignName: null, campaignGoal: body.campaignGoal ?? null, prepNotes: body.prepNotes ?? null, previous });
      }
      // The admin's global setting decides; only an admin may name another provider for one call.
      const providerId =
        body.aiProvider && can.changeAiProvider(actor) ? body.aiProvider : (await currentAiSetting(app.db, app.ai)).provider;
      const prompt = buildStagePrompt({
        stagePrompt: body.stagePrompt || `Write a ${body.stage} stage cultivation plan for this donor.`,
        stage: body.stage,
        donorFacts: facts,
        campaignGoal: body.campaignGoal || DEFAULT_CAMPAIGN_GOAL,
        prepNotes: body.prepNotes || DEFAULT_PREP_NOTES,
        previousSummaries: body.previousSummaries || DEFAULT_PREVIOUS_SUMMARIES,
      });
      try {
        const result = await app.activity.around(
          actor,
          request,
          { organizationId, actionType: "ai_interaction", actionName: "ai_generate_function", resourceType: "donor", resourceId: body.donor.id ?? null, details: { stage: body.stage, provider: providerId } },
          () => app.ai.get(providerId).generate({ prompt, context }),
        );
        return { aiOutput: result.text };
      } catch (err) {
        if (err instanceof AiError) {
          const status = err.status === 503 ? 503 : 502;
          return reply.code(status).send({ error: err.message, message: err.message });
        }
        throw err;
      }
    },
  });
};
