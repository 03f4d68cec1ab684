import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  addDays,
  NO_CONTACT_DAYS_DEFAULT,
  TODAY_LIST_LIMIT,
  TODAY_MESSAGES,
  type OrganizationSettings,
  type TodayLists,
} from "@cultivate/shared";
import { forbidden, notFound } from "../../lib/errors.ts";
import type { Actor } from "../../policy/actor.ts";
import { authorize, can, organizationScope } from "../../policy/policy.ts";
import { todayIso } from "../next-steps/service.ts";
import type { TodayDonorRow } from "./repository.ts";

/** The officer's day (issue 15; docs/RULES.md, The officer's day): the three lists and the N setting. */

const DAY_MS = 86_400_000;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const oneDecimal = (v: unknown) => Math.round(Number(v) * 10) / 10;

function donorOf(r: TodayDonorRow) {
  return {
    id: r.id,
    organizationId: r.organizationId,
    name: r.name,
    estimatedCapacity: num(r.estimatedCapacity),
    relationshipManager:
      r.managerId && r.managerEmail ? { id: r.managerId, email: r.managerEmail, name: r.managerName || null } : null,
  };
}

/**
 * The three lists of one organisation, for one relationship manager (or everyone's: managerId
 * undefined). Shared by GET /api/today and the weekly digest, so both say the same.
 */
export async function listsFor(
  app: FastifyInstance,
  scope: { organizationId: string; managerId?: string; limit?: number },
  now = new Date(),
): Promise<TodayLists> {
  const days = (await app.repos.today.noContactDays(scope.organizationId)) ?? NO_CONTACT_DAYS_DEFAULT;
  const today = todayIso(now);
  const q = {
    organizationId: scope.organizationId,
    managerId: scope.managerId,
    limit: scope.limit ?? TODAY_LIST_LIMIT,
  };
  const [noContact, longInStage, notStarted] = await Promise.all([
    app.repos.today.noContact({ ...q, before: addDays(today, -days) }),
    app.repos.today.longInStage(q),
    app.repos.today.notStarted(q),
  ]);
  const todayMs = new Date(`${today}T00:00:00Z`).getTime();
  return {
    noContact: {
      days,
      total: noContact.total,
      items: noContact.items.map((r) => ({
        ...donorOf(r),
        lastContactDate: r.lastContactDate,
        daysSinceContact: r.lastContactDate
          ? Math.round((todayMs - new Date(`${r.lastContactDate}T00:00:00Z`).getTime()) / DAY_MS)
          : null,
      })),
    },
    longInStage: {
      total: longInStage.total,
      items: longInStage.items.map((r) => ({
        ...donorOf(r),
        stage: r.stage,
        daysInStage: oneDecimal(r.days),
        medianDays: oneDecimal(r.median),
      })),
    },
    notStarted: { total: notStarted.total, items: notStarted.items.map(donorOf) },
  };
}

/** The organisation the actor reads (admins: any that exists, named by `organizationId`). */
async function organizationOf(app: FastifyInstance, actor: Actor, requested?: string) {
  const organizationId = organizationScope(actor, requested);
  if ((await app.repos.today.noContactDays(organizationId)) === null)
    throw notFound(TODAY_MESSAGES.organizationNotFound);
  return organizationId;
}

/**
 * GET /api/today: the actor's own donors by default; "all" or a colleague's id only for owners,
 * managers and admins (`can.seeAnyonesNextSteps`; an officer asking is refused with 403). A colleague
 * of another organisation simply has no donors here.
 */
export async function todayLists(
  app: FastifyInstance,
  actor: Actor,
  q: { owner?: string; organizationId?: string; limit?: number },
): Promise<TodayLists> {
  const owner = q.owner ?? "mine";
  if (owner !== "mine" && owner !== actor.userId && !can.seeAnyonesNextSteps(actor))
    throw forbidden(TODAY_MESSAGES.forbiddenOthers);
  const organizationId = await organizationOf(app, actor, q.organizationId);
  return listsFor(app, {
    organizationId,
    managerId: owner === "mine" ? actor.userId : owner === "all" ? undefined : owner,
    limit: q.limit,
  });
}

/** GET /api/organization/settings: owners, managers and admins. */
export async function organizationSettings(
  app: FastifyInstance,
  actor: Actor,
  requested?: string,
): Promise<OrganizationSettings> {
  authorize(actor, can.viewOrganizationSettings, TODAY_MESSAGES.settingsViewForbidden);
  const organizationId = await organizationOf(app, actor, requested);
  return { organizationId, noContactDays: (await app.repos.today.noContactDays(organizationId))! };
}

/** PUT /api/organization/settings: owners and admins; recorded in the organisation's history. */
export async function updateOrganizationSettings(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  requested: string | undefined,
  body: { noContactDays: number },
) {
  authorize(actor, can.manageOrganizationSettings, TODAY_MESSAGES.settingsForbidden);
  const organizationId = await organizationOf(app, actor, requested);
  const before = await app.repos.today.noContactDays(organizationId);
  await app.repos.today.setNoContactDays(organizationId, body.noContactDays);
  app.activity.record(actor, request, {
    organizationId,
    actionType: "system",
    actionName: "organization_settings_update",
    resourceType: "organization",
    resourceId: organizationId,
    details: { noContactDays: body.noContactDays, before },
  });
  return {
    settings: { organizationId, noContactDays: body.noContactDays },
    message: TODAY_MESSAGES.settingsSaved(body.noContactDays),
  };
}
