import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, asc, desc, eq } from "drizzle-orm";
import {
  currentStage,
  DONOR_MESSAGES,
  donorNotesInputSchema,
  donorParamsSchema,
  donorNotesResponseSchema,
  donorRecordResponseSchema,
} from "@cultivate/shared";
import { donorChanges, donors, organizations, stages, users } from "../../../db/schema.ts";
import { errorSchema } from "../../../lib/http.ts";
import { notFound } from "../../../lib/errors.ts";
import type { Actor } from "../../../policy/actor.ts";
import { assertSameOrganization, can } from "../../../policy/policy.ts";
import { fieldsOf } from "../../../services/donors/repository.ts";
import { changeLabel } from "../../../services/donors/importer.ts";
import { sanitizeNotes } from "../../../services/donors/sanitize.ts";
import { donorActor, iso, UUID_RE } from "./context.ts";
import type { FastifyInstance } from "fastify";
import { trackRefused } from "../../../services/activity/track.ts";

const idParams = donorParamsSchema;

/** The donor if the actor may see it; otherwise 404 "Donor Not Found" (missing or another organisation's). */
export async function visibleDonor(app: FastifyInstance, actor: Actor, id: string) {
  if (!UUID_RE.test(id)) throw notFound(DONOR_MESSAGES.donorNotFound);
  const [row] = await app.db
    .select({ donor: donors, organizationName: organizations.name })
    .from(donors)
    .innerJoin(organizations, eq(organizations.id, donors.organizationId))
    .where(eq(donors.id, id));
  if (!row) throw notFound(DONOR_MESSAGES.donorNotFound);
  assertSameOrganization(actor, row.donor.organizationId, DONOR_MESSAGES.donorNotFound);
  return row;
}

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
      const { donor: d, organizationName } = await visibleDonor(app, actor, request.params.id);
      const [stageRows, changeRows] = await Promise.all([
        app.db.select().from(stages).where(and(eq(stages.donorId, d.id), eq(stages.organizationId, d.organizationId))).orderBy(asc(stages.createdAt)),
        app.db
          .select({ change: donorChanges, email: users.email })
          .from(donorChanges)
          .leftJoin(users, eq(users.id, donorChanges.userId))
          .where(eq(donorChanges.donorId, d.id))
          .orderBy(desc(donorChanges.createdAt))
          .limit(100),
      ]);
      const fields = fieldsOf(d);
      return {
        donor: {
          id: d.id,
          organizationId: d.organizationId,
          organizationName,
          notes: d.notes,
          fields,
          unknownFields: d.extra?.unknown ?? {},
          currentStage: currentStage(stageRows.map((s) => s.stageName)),
          createdAt: iso(d.createdAt)!,
          updatedAt: iso(d.updatedAt)!,
        },
        stages: stageRows.map((s) => ({
          id: s.id,
          stageName: s.stageName,
          promptResponse: s.promptResponse,
          aiOutput: s.aiOutput,
          prepNotes: s.prepNotes,
          campaignId: s.campaignId,
          createdAt: iso(s.createdAt)!,
        })),
        changes: changeRows.map(({ change: c, email }) => ({
          id: c.id,
          userId: c.userId,
          userEmail: email,
          source: c.source,
          importBatchId: c.importBatchId,
          createdAt: iso(c.createdAt)!,
          changes: c.changes.map((x) => ({ field: x.field, label: changeLabel(x.field), old: x.old, new: x.new })),
        })),
        permissions: { editNotes: can.editDonorNotes(actor) },
      };
    },
  });

  app.put("/donors/:id/notes", {
    schema: {
      tags: ["donors"],
      summary: "Save Donor Notes (rich text, sanitised with an allow-list); recorded in the change history",
      params: idParams,
      body: donorNotesInputSchema,
      response: { 200: donorNotesResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    onError: trackRefused(app, { actionType: "donor_management", actionName: "save_donor_notes", resourceType: "donor" }),
    handler: async (request) => {
      const actor = await donorActor(app, request, can.editDonorNotes);
      const { donor: d } = await visibleDonor(app, actor, request.params.id);
      const notes = sanitizeNotes(request.body.notes);
      if (notes !== d.notes) {
        await app.db.transaction(async (tx) => {
          await tx.update(donors).set({ notes, updatedAt: new Date() }).where(and(eq(donors.id, d.id), eq(donors.organizationId, d.organizationId)));
          await tx.insert(donorChanges).values({
            donorId: d.id,
            organizationId: d.organizationId,
            userId: actor.userId,
            source: "screen",
            changes: [{ field: "notes", old: d.notes, new: notes }],
          });
        });
      }
      app.activity.record(actor, request, { organizationId: d.organizationId, actionType: "donor_management", actionName: "save_donor_notes", resourceType: "donor", resourceId: d.id });
      return { notes, message: DONOR_MESSAGES.notesSaved };
    },
  });
};
