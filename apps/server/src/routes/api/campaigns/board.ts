import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  boardColumnCardsSchema,
  boardColumnParamsSchema,
  boardColumnQuerySchema,
  boardMoveInputSchema,
  boardMoveResultSchema,
  boardQuerySchema,
  boardSchema,
  campaignParamsSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { can } from "../../../policy/policy.ts";
import { boardActor, campaignBoard, campaignBoardColumn, moveBoardCard } from "../../../services/campaigns/board.ts";
import { trackRefused } from "../../../services/activity/track.ts";

/** The pipeline board of a campaign (issue 15; docs/RULES.md, Pipeline board). */
export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/campaigns/:id/board", {
    schema: {
      tags: ["campaigns"],
      summary:
        "The campaign's pipeline board: a column per stage plus Complete with its count and first 50 cards (highest capacity first); ?manager= a user id or unassigned",
      params: campaignParamsSchema,
      querystring: boardQuerySchema,
      response: { 200: boardSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) =>
      campaignBoard(
        app,
        await boardActor(app, request, can.viewCampaignBoard),
        request.params.id,
        request.query.manager,
      ),
  });

  app.get("/campaigns/:id/board/columns/:stage", {
    schema: {
      tags: ["campaigns"],
      summary:
        "One column of the board: its count and first cards, highest capacity first (?limit= up to 1000, 50 by default; ?manager= as the board)",
      params: boardColumnParamsSchema,
      querystring: boardColumnQuerySchema,
      response: { 200: boardColumnCardsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) =>
      campaignBoardColumn(
        app,
        await boardActor(app, request, can.viewCampaignBoard),
        request.params.id,
        request.params.stage,
        request.query,
      ),
  });

  app.post("/campaigns/:id/board/moves", {
    schema: {
      tags: ["campaigns"],
      summary:
        "Move a card one column forward: records the donor's current stage as done by you, with your note (no AI); backwards, the same column or skipping → 409",
      params: campaignParamsSchema,
      body: boardMoveInputSchema,
      response: {
        200: boardMoveResultSchema,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
        409: errorSchema,
      },
    },
    onError: trackRefused(app, { actionType: "donor_management", actionName: "board_move", resourceType: "campaign" }),
    handler: async (request) => {
      const actor = await boardActor(app, request, can.moveBoardCards);
      return moveBoardCard(app, actor, request, request.params.id, request.body);
    },
  });
};
