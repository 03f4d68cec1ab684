import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MANAGE_ORGANIZATIONS_DENIED_MESSAGE,
  deleteOrganizationQuerySchema,
  deleteOrganizationResultSchema,
  organizationDeletePreviewSchema,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationListSchema,
  organizationNamesSchema,
  organizationParamsSchema,
  organizationRowSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { can } from "../../../policy/policy.ts";
import {
  createOrganization,
  deleteOrganization,
  deletePreview,
  listOrganizations,
  organizationNames,
  renameOrganization,
} from "../../../services/admin/organizations.ts";
import { actorOf, guard } from "../../../policy/guard.ts";
import { trackRefused } from "../../../services/activity/track.ts";

const orgRow = organizationRowSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const params = organizationParamsSchema;

/** Organisation management (docs/RULES.md, Organisations: admin only). */
export const adminOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = guard(app, can.manageOrganizations, MANAGE_ORGANIZATIONS_DENIED_MESSAGE);

  app.get("/admin/organizations", {
    schema: {
      tags: ["administration"],
      summary:
        "One page of organisations by name (search by name) with user, donor and campaign counts, and the System Overview totals",
      querystring: organizationListQuerySchema,
      response: { 200: organizationListSchema, ...errors },
    },
    preValidation: admins,
    handler: async (request) => listOrganizations(app, request.query),
  });

  app.get("/admin/organizations/names", {
    schema: {
      tags: ["administration"],
      summary: "Every organisation's id and name, by name (the admin's organisation pickers)",
      response: { 200: organizationNamesSchema, ...errors },
    },
    preValidation: admins,
    handler: async () => organizationNames(app),
  });

  app.post("/admin/organizations", {
    schema: {
      tags: ["administration"],
      summary: "Create an organisation (name required, trimmed, unique regardless of case)",
      body: organizationInputSchema,
      response: { 201: orgRow, ...errors },
    },
    preValidation: admins,
    onError: trackRefused(app, {
      actionType: "system",
      actionName: "organization_create",
      resourceType: "organization",
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await createOrganization(app, await actorOf(app, request), request, request.body.name)),
  });

  app.put("/admin/organizations/:id", {
    schema: {
      tags: ["administration"],
      summary: "Rename an organisation (same rules as create); stamps updated_at",
      params,
      body: organizationInputSchema,
      response: { 200: orgRow, ...errors },
    },
    preValidation: admins,
    onError: trackRefused(app, {
      actionType: "system",
      actionName: "organization_update",
      resourceType: "organization",
    }),
    handler: async (request) =>
      renameOrganization(app, await actorOf(app, request), request, request.params.id, request.body.name),
  });

  app.get("/admin/organizations/:id/delete-preview", {
    schema: {
      tags: ["administration"],
      summary:
        "What deleting the organisation would remove: donors, campaigns, goals, stage records, groups, imports, change history, support issues, and the users it detaches",
      params,
      response: { 200: organizationDeletePreviewSchema, ...errors },
    },
    preValidation: admins,
    handler: async (request) => deletePreview(app, request.params.id),
  });

  app.delete("/admin/organizations/:id", {
    schema: {
      tags: ["administration"],
      summary:
        "Delete an organisation; refused (409, listing what would go) while it has any data unless cascade=true; detached users lose their organisation roles and return to onboarding",
      params,
      querystring: deleteOrganizationQuerySchema,
      response: { 200: deleteOrganizationResultSchema, ...errors },
    },
    preValidation: admins,
    handler: async (request) =>
      deleteOrganization(
        app,
        await actorOf(app, request),
        request,
        request.params.id,
        request.query.cascade === "true",
      ),
  });
};
