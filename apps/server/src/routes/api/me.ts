import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  dashboardTarget,
  healthSchema,
  meSchema,
  permissionsOf,
  permissionsOnceApproved,
  PRODUCT_NAME,
  publicConfigSchema,
} from "@cultivate/shared";
import { isApproved, requireActor } from "../../policy/policy.ts";
import { errorSchema } from "../../lib/http.ts";

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/me", {
    schema: {
      tags: ["account"],
      summary:
        "The signed-in user: onboarding status, organisation, roles, permissions and where /dashboard sends them",
      response: { 200: meSchema, 401: errorSchema },
    },
    handler: async (request) => {
      const actor = requireActor(await app.getActor(request));
      // Issue 14: an approved member without a role is told who can give them one: their organisation's owners.
      const accessContacts =
        isApproved(actor) && actor.roles.length === 0 && actor.organizationId
          ? await app.repos.onboarding.ownerEmails(actor.organizationId, actor.userId)
          : [];
      return {
        user: { id: actor.userId, email: actor.email },
        onboardingStatus: actor.onboardingStatus,
        organization: actor.organizationId ? { id: actor.organizationId, name: actor.organizationName ?? "" } : null,
        roles: actor.roles,
        dashboard: dashboardTarget(actor),
        permissions: permissionsOf(actor),
        permissionsOnceApproved: permissionsOnceApproved(actor),
        accessContacts,
      };
    },
  });

  app.get("/config", {
    schema: { tags: ["public"], summary: "Public settings the browser needs", response: { 200: publicConfigSchema } },
    handler: async () => ({ productName: PRODUCT_NAME, supportEmail: app.config.supportEmail }),
  });

  app.get("/health", {
    schema: { tags: ["public"], summary: "Liveness and database check", response: { 200: healthSchema } },
    handler: async () => {
      await app.repos.platform.ping();
      return { ok: true, database: app.database.kind };
    },
  });
};
