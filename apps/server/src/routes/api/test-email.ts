import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { testEmailResultSchema } from "@cultivate/shared";
import { errorSchema } from "../../lib/http.ts";
import { testEmail } from "../../mail/templates.ts";

export const testEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/test-email", {
    // Anyone may press the button, so it is limited hard and only ever writes to SUPPORT_EMAIL.
    config: { rateLimit: { max: 3, timeWindow: "10 minutes" } },
    schema: {
      tags: ["public"],
      summary: "Send the fixed test message to the configured SUPPORT_EMAIL (the landing page's Test Email button)",
      response: { 200: testEmailResultSchema, 429: errorSchema, 502: errorSchema },
    },
    handler: async (request, reply) => {
      const result = await app.mailer.send(testEmail(app.config.supportEmail));
      if (result.error) {
        request.log.warn({ error: result.error }, "test email failed");
        return reply
          .code(502)
          .send({ error: "email_failed", message: "The test email could not be sent; it will be retried." });
      }
      return { ok: true as const, status: result.status };
    },
  });
};
