import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  BOARD_COLUMNS,
  BOARD_MESSAGES,
  BOARD_PAGE,
  boardMoveRefusal,
  CAMPAIGN_MESSAGES,
  type Board,
  type BoardCard,
  type BoardColumn,
  type BoardColumnCards,
  type BoardMoveResult,
} from "@cultivate/shared";
import { conflict, notFound } from "../../lib/errors.ts";
import type { Actor } from "../../policy/actor.ts";
import { authorize, can, requireActor } from "../../policy/policy.ts";
import type { BoardCardRow } from "./board-repository.ts";

/**
 * The pipeline board of a campaign (issue 15; docs/RULES.md, Pipeline board). Who sees it: whoever sees the
 * campaign (services/campaigns/visibility.ts; 404 otherwise). Who moves cards: whoever may save a stage
 * recommendation for the campaign's donors. A move writes a stage record by a person (kind "person",
 * their note, no AI output) for the donor's current stage, so the card lands in the next column
 * (docs/decisions/048-person-written-stage-records.md).
 */

export async function boardActor(
  app: FastifyInstance,
  request: FastifyRequest,
  rule: (a: Actor) => boolean,
): Promise<Actor> {
  const actor = requireActor(await app.getActor(request));
  authorize(actor, rule, BOARD_MESSAGES.accessDenied);
  return actor;
}

async function visibleCampaign(app: FastifyInstance, actor: Actor, id: string) {
  const campaign = await app.repos.campaigns.findVisible(actor, id);
  if (!campaign) throw notFound(CAMPAIGN_MESSAGES.notFound);
  return campaign;
}

const present = (r: BoardCardRow): BoardCard => ({
  donorId: r.donorId,
  name: r.name,
  estimatedCapacity: r.estimatedCapacity === null ? null : Number(r.estimatedCapacity),
  relationshipManager:
    r.managerId && r.managerEmail ? { id: r.managerId, email: r.managerEmail, name: r.managerName ?? null } : null,
  stage: r.stage,
  daysInStage: Math.max(0, Number(r.daysInStage)),
  nextStepDue: r.nextStepDue,
});

/** The columns of `stages` from the repository's rows (a column's count comes with each of its cards). */
function columnsOf(rows: (BoardCardRow & { inColumn: number })[], stages: readonly BoardColumn[]): BoardColumnCards[] {
  return stages.map((stage) => {
    const inColumn = rows.filter((r) => r.stage === stage);
    return { stage, count: inColumn[0]?.inColumn ?? 0, cards: inColumn.map(present) };
  });
}

/**
 * GET /api/campaigns/{id}/board: every column with its count and first BOARD_PAGE cards, the filter's
 * managers and what the viewer may do.
 */
export async function campaignBoard(
  app: FastifyInstance,
  actor: Actor,
  campaignId: string,
  manager?: string,
): Promise<Board> {
  const campaign = await visibleCampaign(app, actor, campaignId);
  const [rows, managerRows] = await Promise.all([
    app.repos.board.columns(campaign.organizationId, campaign.id, { manager, limit: BOARD_PAGE }),
    app.repos.board.managers(campaign.organizationId, campaign.id),
  ]);
  const managers = managerRows
    .flatMap((m) => (m.id && m.email ? [{ id: m.id, email: m.email, name: m.name ?? null }] : []))
    .sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email));
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      isArchived: campaign.isArchived,
      organizationId: campaign.organizationId,
    },
    columns: columnsOf(rows, BOARD_COLUMNS),
    managers,
    hasUnassigned: managerRows.some((m) => !m.id || !m.email),
    permissions: { move: can.moveBoardCards(actor) && !campaign.isArchived },
  };
}

/** GET /api/campaigns/{id}/board/columns/{stage}: one column's count and first `limit` cards ("Show more"). */
export async function campaignBoardColumn(
  app: FastifyInstance,
  actor: Actor,
  campaignId: string,
  stage: BoardColumn,
  query: { manager?: string; limit: number },
): Promise<BoardColumnCards> {
  const campaign = await visibleCampaign(app, actor, campaignId);
  const rows = await app.repos.board.columns(campaign.organizationId, campaign.id, { ...query, stage });
  return columnsOf(rows, [stage])[0]!;
}

/**
 * POST /api/campaigns/{id}/board/moves: one column forward, recorded as the donor's current stage done by a
 * person. A donor outside the campaign → 404; an archived campaign, or any other target column → 409 with
 * the sentence the board shows. Recorded in the action history, refusals included.
 */
export async function moveBoardCard(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  campaignId: string,
  body: { donorId: string; toStage: (typeof BOARD_COLUMNS)[number]; note: string },
): Promise<BoardMoveResult> {
  const campaign = await visibleCampaign(app, actor, campaignId);
  const card = await app.repos.board.card(campaign.organizationId, campaign.id, body.donorId);
  if (!card) throw notFound(BOARD_MESSAGES.notInCampaign);
  return app.activity.around(
    actor,
    request,
    {
      organizationId: campaign.organizationId,
      actionType: "donor_management",
      actionName: "board_move",
      resourceType: "donor",
      resourceId: card.donorId,
      details: { campaignId: campaign.id, campaignName: campaign.name, fromStage: card.stage, toStage: body.toStage },
    },
    async () => {
      if (campaign.isArchived) throw conflict(BOARD_MESSAGES.archived);
      const refusal = boardMoveRefusal(card.stage, body.toStage);
      if (refusal || card.stage === "Complete") throw conflict(refusal ?? BOARD_MESSAGES.complete);
      const recordId = await app.repos.board.recordMove(
        campaign.organizationId,
        campaign.id,
        card.donorId,
        card.stage,
        {
          kind: "person",
          note: body.note,
          userId: actor.userId,
        },
      );
      const now = await app.repos.board.card(campaign.organizationId, campaign.id, card.donorId);
      // Someone else moved the card meanwhile: say where it is now, as any refused move would.
      if (!recordId || !now)
        throw conflict((now && boardMoveRefusal(now.stage, body.toStage)) ?? BOARD_MESSAGES.movedMeanwhile);
      return { card: present(now), recordId, message: BOARD_MESSAGES.moved(card.name, body.toStage) };
    },
    (result) => ({
      details: {
        campaignId: campaign.id,
        campaignName: campaign.name,
        fromStage: card.stage,
        toStage: body.toStage,
        stageRecordId: result.recordId,
      },
    }),
  );
}
