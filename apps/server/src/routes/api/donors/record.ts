import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  bulkRelationshipManagerInputSchema,
  bulkRelationshipManagerResponseSchema,
  PORTFOLIO_MESSAGES,
  relationshipManagerInputSchema,
  relationshipManagerResponseSchema,
  relationshipManagersQuerySchema,
  relationshipManagersResponseSchema,
  donorNotesInputSchema,
  donorParamsSchema,
  donorNotesResponseSchema,
  donorRecordResponseSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { authorize, can } from "../../../policy/policy.ts";
import { donorActor } from "../../../services/donors/access.ts";
import { readDonorRecord, saveDonorNotes } from "../../../services/donors/record.ts";
import {
  assignRelationshipManager,
  assignRelationshipManagerInBulk,
  listRelationshipManagers,
} from "../../../services/donors/portfolio.ts";
import { trackRefused } from "../../../services/activity/track.ts";

const idParams = donorParamsSchema;

export const donorRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/donors/:id", {
    schema: {
      tags: ["donors"],
      summary: "One donor: every field, organisation name, notes, stage records and change history",
      params: idParams,
      response: { 200: donorRecordResponseSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request);
      return readDonorRecord(app, actor, request.params.id);
    },
  });

  app.put("/donors/:id/notes", {
    schema: {
      tags: ["donors"],
      summary: "Save Donor Notes (rich text, sanitised with an allow-list); recorded in the change history",
      params: idParams,
      body: donorNotesInputSchema,
      response: {
        200: donorNotesResponseSchema,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
      },
    },
    onError: trackRefused(app, {
      actionType: "donor_management",
      actionName: "save_donor_notes",
      resourceType: "donor",
    }),
    handler: async (request) => {
      const actor = await donorActor(app, request, can.editDonorNotes);
      return saveDonorNotes(app, actor, request, request.params.id, request.body.notes);
    },
  });

  const assignTracking = {
    actionType: "donor_management",
    actionName: "assign_relationship_manager",
    resourceType: "donor",
  } as const;
  const assigner = async (request: FastifyRequest) => {
    const actor = await donorActor(app, request);
    authorize(actor, can.assignRelationshipManagers, PORTFOLIO_MESSAGES.forbidden);
    return actor;
  };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  // Issue 15, Portfolios (docs/RULES.md, Portfolios): owners, managers and admins assign.
  app.put("/donors/:id/relationship-manager", {
    schema: {
      tags: ["donors"],
      summary: "Set or clear a donor's relationship manager (an officer, manager or owner of its organisation)",
      params: idParams,
      body: relationshipManagerInputSchema,
      response: { 200: relationshipManagerResponseSchema, ...errors },
    },
    onError: trackRefused(app, assignTracking),
    handler: async (request) => {
      const actor = await assigner(request);
      return assignRelationshipManager(app, actor, request, request.params.id, request.body.userId);
    },
  });

  app.post("/donors/relationship-manager", {
    schema: {
      tags: ["donors"],
      summary: "Set or clear the relationship manager of many donors of one organisation (all or nothing)",
      body: bulkRelationshipManagerInputSchema,
      response: { 200: bulkRelationshipManagerResponseSchema, ...errors },
    },
    onError: trackRefused(app, assignTracking),
    handler: async (request) => {
      const actor = await assigner(request);
      return assignRelationshipManagerInBulk(app, actor, request, request.body.donorIds, request.body.userId);
    },
  });

  // Every member who reads donors needs the names: the Portfolio filter and its chip, the list's column.
  app.get("/donors/relationship-managers", {
    schema: {
      tags: ["donors"],
      summary: "The officers, managers and owners of an organisation, who may be given donors (Portfolios)",
      querystring: relationshipManagersQuerySchema,
      response: { 200: relationshipManagersResponseSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request);
      return listRelationshipManagers(app, actor, request.query.organizationId);
    },
  });
};
