import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  addDays,
  eligibleRelationshipManager,
  NEXT_STEP_MAX_DAYS_AHEAD,
  NEXT_STEP_MESSAGES,
  type NextStep,
  type NextStepCreate,
  type NextStepUpdate,
} from "@cultivate/shared";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { iso, UUID_RE } from "../../lib/format.ts";
import type { Actor } from "../../policy/actor.ts";
import { assertSameOrganization, authorize, can } from "../../policy/policy.ts";
import { readScope, visibleDonor } from "../donors/access.ts";
import type { NextStepRow, NextStepWindow } from "./repository.ts";

/** Next steps (issue 15; docs/RULES.md, Next steps). Dates are calendar days in UTC. */

export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

function present(actor: Actor, r: NextStepRow): NextStep {
  const s = r.s;
  return {
    id: s.id,
    organizationId: s.organizationId,
    donorId: s.donorId,
    donorName: r.donorName,
    title: s.title,
    dueDate: s.dueDate,
    status: s.status,
    owner: s.ownerId && r.ownerEmail ? { id: s.ownerId, email: r.ownerEmail, name: r.ownerName || null } : null,
    stageRecordId: s.stageRecordId,
    createdBy: s.createdBy,
    completedAt: s.completedAt ? iso(s.completedAt) : null,
    createdAt: iso(s.createdAt)!,
    permissions: { edit: can.editNextStep(actor, s) },
  };
}

function assertDueDate(dueDate: string) {
  if (dueDate > addDays(todayIso(), NEXT_STEP_MAX_DAYS_AHEAD)) throw badRequest(NEXT_STEP_MESSAGES.dueDateTooFar);
}

/** The owner must be an officer, manager or owner of the donor's organisation (as a relationship manager). */
async function assertOwner(app: FastifyInstance, organizationId: string, userId: string) {
  const user = await app.repos.users.find(userId);
  if (!user || !eligibleRelationshipManager(user, organizationId)) throw badRequest(NEXT_STEP_MESSAGES.ownerIneligible);
}

/** The step if the actor may see it (any member of its organisation; admins); else 404. */
async function visibleStep(app: FastifyInstance, actor: Actor, id: string) {
  if (!UUID_RE.test(id)) throw notFound(NEXT_STEP_MESSAGES.notFound);
  const row = await app.repos.nextSteps.find(id);
  if (!row) throw notFound(NEXT_STEP_MESSAGES.notFound);
  assertSameOrganization(actor, row.s.organizationId, NEXT_STEP_MESSAGES.notFound);
  return row;
}

async function reread(app: FastifyInstance, actor: Actor, id: string) {
  return present(actor, (await app.repos.nextSteps.find(id))!);
}

/** GET /api/donors/{id}/next-steps */
export async function donorNextSteps(app: FastifyInstance, actor: Actor, donorId: string) {
  const { donor } = await visibleDonor(app, actor, donorId);
  const rows = await app.repos.nextSteps.forDonor(donor.organizationId, donor.id);
  return { items: rows.map((r) => present(actor, r)) };
}

/** POST /api/donors/{id}/next-steps: the owner defaults to the donor's relationship manager, else the actor. */
export async function createNextStep(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  donorId: string,
  body: NextStepCreate,
) {
  const { donor } = await visibleDonor(app, actor, donorId);
  assertDueDate(body.dueDate);
  if (body.stageRecordId) {
    const records = await app.repos.stages.records(donor.organizationId, donor.id, body.stageRecordId);
    if (records.length === 0) throw badRequest(NEXT_STEP_MESSAGES.stageRecordMismatch);
  }
  let ownerId = body.ownerId ?? null;
  if (ownerId === null) {
    const [m] = await app.repos.donors.managersOf([donor.id]);
    ownerId = m?.relationshipManagerId ?? null;
    // An admin outside the organisation cannot own it: the step is then nobody's until assigned.
    if (ownerId === null && actor.organizationId === donor.organizationId) ownerId = actor.userId;
  } else await assertOwner(app, donor.organizationId, ownerId);
  const id = await app.repos.nextSteps.create({
    organizationId: donor.organizationId,
    donorId: donor.id,
    title: body.title,
    dueDate: body.dueDate,
    ownerId,
    stageRecordId: body.stageRecordId ?? null,
    createdBy: actor.userId,
  });
  app.activity.record(actor, request, {
    organizationId: donor.organizationId,
    actionType: "donor_management",
    actionName: "next_step_create",
    resourceType: "next_step",
    resourceId: id,
    details: { donorId: donor.id, title: body.title, dueDate: body.dueDate, fromRecommendation: !!body.stageRecordId },
  });
  return { nextStep: await reread(app, actor, id), message: NEXT_STEP_MESSAGES.created };
}

/** PATCH /api/next-steps/{id}: done / reopen, snooze (due date), reassign (owner), edit the title. */
export async function updateNextStep(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  id: string,
  patch: NextStepUpdate,
) {
  const row = await visibleStep(app, actor, id);
  authorize(actor, (a) => can.editNextStep(a, row.s), NEXT_STEP_MESSAGES.forbidden);
  if (patch.dueDate !== undefined) assertDueDate(patch.dueDate);
  if (patch.ownerId !== undefined && patch.ownerId !== row.s.ownerId)
    await assertOwner(app, row.s.organizationId, patch.ownerId);
  const changes: Parameters<typeof app.repos.nextSteps.update>[2] = {};
  if (patch.title !== undefined) changes.title = patch.title;
  if (patch.dueDate !== undefined) changes.dueDate = patch.dueDate;
  if (patch.ownerId !== undefined) changes.ownerId = patch.ownerId;
  if (patch.status !== undefined && patch.status !== row.s.status) {
    changes.status = patch.status;
    changes.completedAt = patch.status === "done" ? new Date() : null;
    changes.completedBy = patch.status === "done" ? actor.userId : null;
  }
  await app.repos.nextSteps.update(row.s.organizationId, row.s.id, changes);
  // Which change this was, for the history (one name per kind of change).
  const kind =
    changes.status === "done"
      ? "next_step_done"
      : changes.status === "open"
        ? "next_step_reopen"
        : changes.ownerId !== undefined && changes.ownerId !== row.s.ownerId
          ? "next_step_reassign"
          : changes.dueDate !== undefined && changes.dueDate > row.s.dueDate
            ? "next_step_snooze"
            : "next_step_update";
  app.activity.record(actor, request, {
    organizationId: row.s.organizationId,
    actionType: "donor_management",
    actionName: kind,
    resourceType: "next_step",
    resourceId: row.s.id,
    details: { donorId: row.s.donorId, title: changes.title ?? row.s.title, changed: Object.keys(changes) },
  });
  return {
    nextStep: await reread(app, actor, row.s.id),
    message: changes.status === "done" ? NEXT_STEP_MESSAGES.done : NEXT_STEP_MESSAGES.updated,
  };
}

/** DELETE /api/next-steps/{id} */
export async function deleteNextStep(app: FastifyInstance, actor: Actor, request: FastifyRequest, id: string) {
  const row = await visibleStep(app, actor, id);
  authorize(actor, (a) => can.editNextStep(a, row.s), NEXT_STEP_MESSAGES.forbidden);
  await app.repos.nextSteps.remove(row.s.organizationId, row.s.id);
  app.activity.record(actor, request, {
    organizationId: row.s.organizationId,
    actionType: "donor_management",
    actionName: "next_step_delete",
    resourceType: "next_step",
    resourceId: row.s.id,
    details: { donorId: row.s.donorId, title: row.s.title },
  });
  return { message: NEXT_STEP_MESSAGES.deleted };
}

/**
 * GET /api/next-steps: the actor's own steps by default; "all" or a colleague's id only for owners,
 * managers and admins (403 otherwise). A colleague of another organisation simply has no steps here.
 */
export async function listNextSteps(
  app: FastifyInstance,
  actor: Actor,
  q: { owner?: string; window?: NextStepWindow; organizationId?: string; limit?: number },
) {
  const owner = q.owner ?? "mine";
  if (owner !== "mine" && owner !== actor.userId && !can.seeAnyonesNextSteps(actor))
    throw forbidden(NEXT_STEP_MESSAGES.forbiddenOthers);
  const scope = readScope(actor, q.organizationId);
  const rows = await app.repos.nextSteps.list({
    organizationId: "organizationId" in scope ? scope.organizationId : null,
    ownerId: owner === "mine" ? actor.userId : owner === "all" ? undefined : owner,
    window: q.window ?? "open",
    today: todayIso(),
    limit: q.limit ?? 200,
  });
  return { items: rows.map((r) => present(actor, r)) };
}
