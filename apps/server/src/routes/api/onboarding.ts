import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NOT_LOGGED_IN_ONBOARDING_MESSAGE, onboardingInputSchema, onboardingResultSchema } from "@cultivate/shared";
import { conflict } from "../../lib/errors.ts";
import { publicErrorMessage } from "../../lib/db-errors.ts";
import { errorSchema } from "../../lib/http.ts";
import { requireActor } from "../../policy/policy.ts";
import { applicationRecipients, submitOnboarding } from "../../services/onboarding/service.ts";
import { onboardingSubmittedEmail } from "../../mail/templates.ts";
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
      if (actor.onboardingStatus !== "pending") {
        throw conflict("Your information has already been submitted.");
      }
      const started = performance.now();
      const { organization, kind } = await submitOnboarding(app, actor.userId, request.body);
      app.activity.record(actor, request, {
        actionType: "data_management",
        actionName: "onboarding_submit",
        organizationId: organization.id,
        resourceType: "organization",
        resourceId: organization.id,
        details: { organizationName: organization.name, typedOrganizationName: request.body.organizationName, kind },
        durationMs: Math.round(performance.now() - started),
      });

      // Issue 11: joining an existing organisation is a request to its owners, so they hear of it at
      // once, with the platform admins; a brand-new organisation has no owner yet (admins only).
      // The onboarding email (docs/RULES.md, Onboarding and approval): a failure is logged and the flow continues.
      try {
        const recipients = await applicationRecipients(app, organization.id, kind, actor.userId);
        for (const to of recipients) {
          const email = onboardingSubmittedEmail(
            to,
            actor.email,
            request.body,
            { name: organization.name, kind },
            app.config.appUrl,
          );
          const result = await app.mailer.send(email);
          if (result.error)
            request.log.warn({ to, error: result.error }, "Failed to send application notification email");
        }
      } catch (err) {
        request.log.error({ err }, "Failed to send application notification email");
      }
      return reply.code(201).send({ ok: true as const, organization });
    },
  });
};
