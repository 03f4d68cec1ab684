import type { FastifyInstance, FastifyRequest } from "fastify";
import { currentStage, DONOR_MESSAGES } from "@cultivate/shared";
import { iso } from "../../lib/format.ts";
import type { Actor } from "../../policy/actor.ts";
import { can } from "../../policy/policy.ts";
import { changeLabel } from "./import/index.ts";
import { fieldsOf } from "./list-sql.ts";
import { RELATIONSHIP_MANAGER_KEY } from "./rows.ts";
import { sanitizeNotes } from "./sanitize.ts";
import { visibleDonor } from "./access.ts";

/** One donor: every field, organisation name, notes, stage records and change history. */
export async function readDonorRecord(app: FastifyInstance, actor: Actor, id: string) {
  const { donor: d, organizationName } = await visibleDonor(app, actor, id);
  const [stageRows, changeRows, managers] = await Promise.all([
    app.repos.donors.stagesOf(d.organizationId, d.id),
    app.repos.donors.changesOf(d.organizationId, d.id),
    d.relationshipManagerId ? app.repos.donors.managersByUser([d.relationshipManagerId]) : [],
  ]);
  // An import's Relationship Manager column records user ids (import/chunk-sql.ts): shown by email like the
  // screen's own changes (docs/RULES.md, Portfolios).
  const importedManagerIds = changeRows.flatMap(({ change }) =>
    change.changes.flatMap((x) => (x.field === RELATIONSHIP_MANAGER_KEY ? [x.old, x.new] : [])),
  );
  const ids = [...new Set(importedManagerIds.filter((v): v is string => typeof v === "string"))];
  const emailOf = new Map((await app.repos.donors.managersByUser(ids)).map((m) => [m.id, m.email]));
  const shown = (field: string, v: unknown) =>
    field === RELATIONSHIP_MANAGER_KEY && typeof v === "string" ? (emailOf.get(v) ?? v) : v;
  return {
    donor: {
      id: d.id,
      organizationId: d.organizationId,
      organizationName,
      notes: d.notes,
      fields: fieldsOf(d),
      unknownFields: d.extra?.unknown ?? {},
      currentStage: currentStage(stageRows.map((s) => s.stage.stageName)),
      relationshipManager: managers[0] ?? null,
      createdAt: iso(d.createdAt)!,
      updatedAt: iso(d.updatedAt)!,
    },
    stages: stageRows.map(({ stage: s, userName, userEmail }) => ({
      id: s.id,
      stageName: s.stageName,
      promptResponse: s.promptResponse,
      aiOutput: s.aiOutput,
      prepNotes: s.prepNotes,
      campaignId: s.campaignId,
      kind: s.kind,
      note: s.note,
      recordedBy: userName ?? userEmail ?? null,
      createdAt: iso(s.createdAt)!,
    })),
    changes: changeRows.map(({ change: c, email }) => ({
      id: c.id,
      userId: c.userId,
      userEmail: email,
      source: c.source,
      importBatchId: c.importBatchId,
      createdAt: iso(c.createdAt)!,
      changes: c.changes.map((x) => ({
        field: x.field,
        label: changeLabel(x.field),
        old: shown(x.field, x.old),
        new: shown(x.field, x.new),
      })),
    })),
    permissions: {
      editNotes: can.editDonorNotes(actor),
      assignRelationshipManager: can.assignRelationshipManagers(actor),
    },
  };
}

/** Save Donor Notes: sanitised with an allow-list; a change is recorded in the change history. */
export async function saveDonorNotes(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  id: string,
  input: string,
) {
  const { donor: d } = await visibleDonor(app, actor, id);
  const notes = sanitizeNotes(input);
  if (notes !== d.notes) await app.repos.donors.saveNotes(d.organizationId, d.id, actor.userId, d.notes, notes);
  app.activity.record(actor, request, {
    organizationId: d.organizationId,
    actionType: "donor_management",
    actionName: "save_donor_notes",
    resourceType: "donor",
    resourceId: d.id,
  });
  return { notes, message: DONOR_MESSAGES.notesSaved };
}
