import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  donorNotesInputSchema,
  donorParamsSchema,
  donorNotesResponseSchema,
  donorRecordResponseSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { can } from "../../../policy/policy.ts";
import { donorActor } from "../../../services/donors/access.ts";
import { readDonorRecord, saveDonorNotes } from "../../../services/donors/record.ts";
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
};
