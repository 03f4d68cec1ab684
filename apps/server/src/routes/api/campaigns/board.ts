import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  boardMoveInputSchema,
  boardMoveResultSchema,
  boardQuerySchema,
  boardSchema,
  campaignParamsSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { can } from "../../../policy/policy.ts";
import { boardActor, campaignBoard, moveBoardCard } from "../../../services/campaigns/board.ts";
import { trackRefused } from "../../../services/activity/track.ts";

/** The pipeline board of a campaign (issue 15; docs/RULES.md, Pipeline board). */
export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/campaigns/:id/board", {
    schema: {
      tags: ["campaigns"],
      summary:
        "The campaign's pipeline board: a column per stage plus Complete, a card per donor of the campaign; ?manager= a user id or unassigned",
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
