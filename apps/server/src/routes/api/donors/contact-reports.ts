import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  contactReportDeleteResponseSchema,
  contactReportInputSchema,
  contactReportListResponseSchema,
  contactReportParamsSchema,
  contactReportResponseSchema,
  donorParamsSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { donorActor } from "../../../services/donors/access.ts";
import {
  createContactReport,
  deleteContactReport,
  listContactReports,
  updateContactReport,
} from "../../../services/contact-reports/service.ts";
import { trackRefused } from "../../../services/activity/track.ts";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
// A request refused by its schema is still in the action history (as every donor write is).
const tracking = {
  create: { actionType: "donor_management", actionName: "contact_report_create", resourceType: "donor" },
  update: { actionType: "donor_management", actionName: "contact_report_update", resourceType: "donor" },
  delete: { actionType: "donor_management", actionName: "contact_report_delete", resourceType: "donor" },
} as const;

/** Issue 15, Contact reports (docs/RULES.md, Contact reports; docs/api/donors.md). */
export const contactReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/donors/:id/contact-reports", {
    schema: {
      tags: ["donors"],
      summary: "A donor's contact reports (interactions), newest first",
      params: donorParamsSchema,
      response: { 200: contactReportListResponseSchema, ...errors },
    },
    handler: async (request) => listContactReports(app, await donorActor(app, request), request.params.id),
  });

  app.post("/donors/:id/contact-reports", {
    schema: {
      tags: ["donors"],
      summary: "Log a contact (call, meeting, email, event, letter, other) with a donor",
      params: donorParamsSchema,
      body: contactReportInputSchema,
      response: { 201: contactReportResponseSchema, ...errors },
    },
    onError: trackRefused(app, tracking.create),
    handler: async (request, reply) => {
      const actor = await donorActor(app, request);
      reply.code(201);
      return createContactReport(app, actor, request, request.params.id, request.body);
    },
  });

  app.put("/donors/:id/contact-reports/:reportId", {
    schema: {
      tags: ["donors"],
      summary: "Edit a contact report (its author, a manager, an owner or an admin)",
      params: contactReportParamsSchema,
      body: contactReportInputSchema,
      response: { 200: contactReportResponseSchema, ...errors },
    },
    onError: trackRefused(app, tracking.update),
    handler: async (request) => {
      const actor = await donorActor(app, request);
      return updateContactReport(app, actor, request, request.params.id, request.params.reportId, request.body);
    },
  });

  app.delete("/donors/:id/contact-reports/:reportId", {
    schema: {
      tags: ["donors"],
      summary: "Delete a contact report (its author, a manager, an owner or an admin)",
      params: contactReportParamsSchema,
      response: { 200: contactReportDeleteResponseSchema, ...errors },
    },
    onError: trackRefused(app, tracking.delete),
    handler: async (request) => {
      const actor = await donorActor(app, request);
      return deleteContactReport(app, actor, request, request.params.id, request.params.reportId);
    },
  });
};
