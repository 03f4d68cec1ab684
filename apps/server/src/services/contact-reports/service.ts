import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  CONTACT_REPORT_MESSAGES,
  eligibleRelationshipManager,
  type ContactReport,
  type contactReportInputSchema,
} from "@cultivate/shared";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { UUID_RE } from "../../lib/format.ts";
import type { Actor } from "../../policy/actor.ts";
import { authorize, can } from "../../policy/policy.ts";
import { visibleDonor } from "../donors/access.ts";
import { sanitizeNotes } from "../donors/sanitize.ts";
import type { ContactReportRepository, ContactReportValues } from "./repository.ts";

/**
 * Contact reports (issue 15; docs/RULES.md, Contact reports). The route has checked the session and the
 * four roles; here the donor must be one the actor sees (404), the report one of that donor (404), and a
 * change must be the author's or a manager's, owner's or admin's (403).
 */

type Input = z.infer<typeof contactReportInputSchema>;
type Row = Awaited<ReturnType<ContactReportRepository["listOf"]>>[number];
type Colleague = { id: string; email: string; name: string | null };

/** The members of the donor's organisation who may be named as having taken part (officers, managers, owners). */
async function colleaguesOf(app: FastifyInstance, organizationId: string): Promise<Colleague[]> {
  const members = await app.repos.users.members(organizationId);
  return members
    .filter((u) => eligibleRelationshipManager(u, organizationId))
    .map((u) => ({ id: u.id, email: u.email, name: u.name }))
    .sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email));
}

function present(actor: Actor, r: Row, people: Map<string, Colleague>): ContactReport {
  const c = r.report;
  return {
    id: c.id,
    donorId: c.donorId,
    organizationId: c.organizationId,
    type: c.type,
    date: c.contactDate,
    participants: c.participants,
    participantUsers: c.participantUserIds.flatMap((id) => (people.has(id) ? [people.get(id)!] : [])),
    summary: c.summary,
    nextStep: c.nextStep,
    author: c.userId && r.authorEmail ? { id: c.userId, email: r.authorEmail, name: r.authorName } : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    canEdit: can.editContactReport(actor, { authorId: c.userId }),
  };
}

/** The input as stored: the summary sanitised like donor notes, and required after that; colleagues checked. */
async function valuesOf(app: FastifyInstance, organizationId: string, input: Input): Promise<ContactReportValues> {
  const summary = sanitizeNotes(input.summary);
  if (!summary) throw badRequest(CONTACT_REPORT_MESSAGES.summaryRequired);
  const ids = [...new Set(input.participantUserIds)];
  if (ids.length) {
    const allowed = new Set((await colleaguesOf(app, organizationId)).map((c) => c.id));
    if (ids.some((id) => !allowed.has(id))) throw badRequest(CONTACT_REPORT_MESSAGES.ineligibleParticipant);
  }
  return {
    type: input.type,
    contactDate: input.date,
    participants: input.participants.trim(),
    participantUserIds: ids,
    summary,
    nextStep: input.nextStep?.trim() || null,
  };
}

async function reportOf(app: FastifyInstance, organizationId: string, donorId: string, reportId: string) {
  if (!UUID_RE.test(reportId)) throw notFound(CONTACT_REPORT_MESSAGES.notFound);
  const row = await app.repos.contactReports.find(organizationId, donorId, reportId);
  if (!row) throw notFound(CONTACT_REPORT_MESSAGES.notFound);
  return row;
}

// Recorded on the donor (so the history names them), with the report's id in the details.
const tracked = (name: string, organizationId: string, donorId: string, reportId: string, type?: string) => ({
  organizationId,
  actionType: "donor_management" as const,
  actionName: name,
  resourceType: "donor",
  resourceId: donorId,
  details: { contactReportId: reportId, ...(type ? { type } : {}) },
});

/** GET /api/donors/{id}/contact-reports */
export async function listContactReports(app: FastifyInstance, actor: Actor, donorId: string) {
  const { donor } = await visibleDonor(app, actor, donorId);
  const [rows, colleagues] = await Promise.all([
    app.repos.contactReports.listOf(donor.organizationId, donor.id),
    colleaguesOf(app, donor.organizationId),
  ]);
  const people = new Map(colleagues.map((c) => [c.id, c]));
  return {
    reports: rows.map((r) => present(actor, r, people)),
    canCreate: can.logContactReports(actor),
    colleagues,
  };
}

async function answer(app: FastifyInstance, actor: Actor, organizationId: string, donorId: string, id: string) {
  const row = await app.repos.contactReports.find(organizationId, donorId, id);
  const people = new Map((await colleaguesOf(app, organizationId)).map((c) => [c.id, c]));
  return present(actor, row!, people);
}

/** POST /api/donors/{id}/contact-reports */
export async function createContactReport(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  donorId: string,
  input: Input,
) {
  authorize(actor, can.logContactReports);
  const { donor } = await visibleDonor(app, actor, donorId);
  const values = await valuesOf(app, donor.organizationId, input);
  const id = await app.repos.contactReports.insert(donor.organizationId, donor.id, actor.userId, values);
  app.activity.record(
    actor,
    request,
    tracked("contact_report_create", donor.organizationId, donor.id, id, values.type),
  );
  return {
    report: await answer(app, actor, donor.organizationId, donor.id, id),
    message: CONTACT_REPORT_MESSAGES.created,
  };
}

/** The report if the actor may change it: 404 when they cannot see it, 403 when it is a colleague's. */
async function changeable(app: FastifyInstance, actor: Actor, donorId: string, reportId: string) {
  const { donor } = await visibleDonor(app, actor, donorId);
  const row = await reportOf(app, donor.organizationId, donor.id, reportId);
  if (!can.editContactReport(actor, { authorId: row.report.userId }))
    throw forbidden(CONTACT_REPORT_MESSAGES.forbidden);
  return { donor, row };
}

/** PUT /api/donors/{id}/contact-reports/{reportId} */
export async function updateContactReport(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  donorId: string,
  reportId: string,
  input: Input,
) {
  const { donor, row } = await changeable(app, actor, donorId, reportId);
  const values = await valuesOf(app, donor.organizationId, input);
  await app.repos.contactReports.update(donor.organizationId, donor.id, row.report.id, values);
  app.activity.record(
    actor,
    request,
    tracked("contact_report_update", donor.organizationId, donor.id, row.report.id, values.type),
  );
  return {
    report: await answer(app, actor, donor.organizationId, donor.id, row.report.id),
    message: CONTACT_REPORT_MESSAGES.updated,
  };
}

/** DELETE /api/donors/{id}/contact-reports/{reportId} */
export async function deleteContactReport(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  donorId: string,
  reportId: string,
) {
  const { donor, row } = await changeable(app, actor, donorId, reportId);
  await app.repos.contactReports.remove(donor.organizationId, donor.id, row.report.id);
  app.activity.record(actor, request, tracked("contact_report_delete", donor.organizationId, donor.id, row.report.id));
  return { message: CONTACT_REPORT_MESSAGES.deleted };
}
