import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NOT_LOGGED_IN_ONBOARDING_MESSAGE, onboardingInputSchema, onboardingResultSchema } from "@cultivate/shared";
import { publicErrorMessage } from "../../lib/db-errors.ts";
import { errorSchema } from "../../lib/http.ts";
import { requireActor } from "../../policy/policy.ts";
import { submitOnboarding } from "../../services/onboarding/service.ts";
import { trackRequest } from "../../services/activity/track.ts";

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/onboarding", {
    // The sign-in gate (routes/api/auth-gate.ts) answers a signed-out visitor with this, before the body is read.
    config: { signedOutMessage: NOT_LOGGED_IN_ONBOARDING_MESSAGE },
    schema: {
      tags: ["account"],
      summary:
        "Submit the onboarding form: status becomes submitted, the account applies to the named organisation (or stays in its own); the owners and admins are emailed; nothing of the organisation is visible until approval",
      body: onboardingInputSchema,
      response: {
        201: onboardingResultSchema,
        400: errorSchema,
        401: errorSchema,
        409: errorSchema,
      },
    },
    // Activity log: a failed submit (validation, conflict, error) of a signed-in user is recorded too.
    onError: async (request, _reply, error) => {
      await trackRequest(app, request, {
        actionType: "data_management",
        actionName: "onboarding_submit",
        success: false,
        errorMessage: publicErrorMessage(error),
      });
    },
    handler: async (request, reply) => {
      const actor = requireActor(await app.getActor(request), NOT_LOGGED_IN_ONBOARDING_MESSAGE);
      return reply.code(201).send(await submitOnboarding(app, actor, request, request.body));
    },
  });
};
