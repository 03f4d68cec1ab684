import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ADMIN_DASHBOARD_DENIED_MESSAGE,
  ORGANIZATION_NOT_FOUND_FOR_USER,
  officerDashboardSchema,
  ownerDashboardSchema,
  PORTFOLIO_MESSAGES,
  portfolioDashboardSchema,
  relationshipManagersQuerySchema,
  systemOverviewSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { can } from "../../../policy/policy.ts";
import { notFound } from "../../../lib/errors.ts";
import type { Actor } from "../../../policy/actor.ts";
import { officerDashboard, ownerDashboard, systemOverview } from "../../../services/admin/overview.ts";
import { actorOf, guard } from "../../../policy/guard.ts";
import { portfolioDashboard } from "../../../services/donors/portfolio.ts";

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The organisation a dashboard shows: the actor's own; without one, the spec's "Organization not found for user." */
const ownOrganization = (actor: Actor) => {
  if (!actor.organizationId) throw notFound(ORGANIZATION_NOT_FOUND_FOR_USER);
  return { id: actor.organizationId, name: actor.organizationName ?? "" };
};

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/admin/overview", {
    schema: {
      tags: ["administration"],
      summary: "Admin dashboard System Overview: donor records, campaigns, stage prompts",
      response: { 200: systemOverviewSchema, ...errors },
    },
    preValidation: guard(app, can.viewAdminDashboard, ADMIN_DASHBOARD_DENIED_MESSAGE),
    handler: async () => systemOverview(app),
  });

  app.get("/dashboards/owner", {
    schema: {
      tags: ["administration"],
      summary:
        "Org owner dashboard: active campaigns, donors, users and the donor pipeline of the owner's organisation",
      response: { 200: ownerDashboardSchema, ...errors },
    },
    preValidation: guard(app, can.viewOwnerDashboard, "You don't have permission to view the owner dashboard."),
    handler: async (request) => {
      const actor = await actorOf(app, request);
      return ownerDashboard(app, ownOrganization(actor));
    },
  });

  app.get("/dashboards/officer", {
    schema: {
      tags: ["administration"],
      summary:
        "Org officer dashboard: own campaigns and their donors, organisation totals and the pipeline of the officer's campaign donors",
      response: { 200: officerDashboardSchema, ...errors },
    },
    preValidation: guard(app, can.viewOfficerDashboard, "You don't have permission to view the officer dashboard."),
    handler: async (request) => {
      const actor = await actorOf(app, request);
      return officerDashboard(app, ownOrganization(actor), actor.userId);
    },
  });

  // Issue 15, Portfolios (docs/RULES.md, Portfolios): owners, managers and admins (who name the organisation).
  app.get("/dashboards/portfolios", {
    schema: {
      tags: ["administration"],
      summary:
        "Portfolio sizes and capacity per relationship manager, and the unassigned donors with the highest capacity",
      querystring: relationshipManagersQuerySchema,
      response: { 200: portfolioDashboardSchema, ...errors },
    },
    preValidation: guard(app, can.assignRelationshipManagers, PORTFOLIO_MESSAGES.dashboardForbidden),
    handler: async (request) => {
      const actor = await actorOf(app, request);
      return portfolioDashboard(app, actor, request.query.organizationId);
    },
  });
};
