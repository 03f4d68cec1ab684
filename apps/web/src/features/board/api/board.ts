import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  boardColumnCardsSchema,
  boardMoveResultSchema,
  boardSchema,
  BOARD_PAGE,
  type BoardColumn,
  type BoardMoveInput,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** A campaign's pipeline board (issue 15; docs/RULES.md, Pipeline board). */

const path = (id: string) => `/api/campaigns/${encodeURIComponent(id)}/board`;

export function useBoard(campaignId: string, manager: string | null) {
  return useQuery({
    queryKey: queryKeys.campaigns.board(campaignId, manager ?? ""),
    queryFn: async () =>
      boardSchema.parse(
        await apiFetch(manager ? `${path(campaignId)}?manager=${encodeURIComponent(manager)}` : path(campaignId)),
      ),
    retry: false,
  });
}

/**
 * One column's first `limit` cards, for "Show more" (ADR 078): only asked for past the board's first page,
 * and the cards shown stay while the next ones load.
 */
export function useBoardColumn(campaignId: string, manager: string | null, stage: BoardColumn, limit: number) {
  const query = new URLSearchParams({ limit: String(limit), ...(manager ? { manager } : {}) });
  return useQuery({
    queryKey: queryKeys.campaigns.boardColumn(campaignId, manager ?? "", stage, limit),
    queryFn: async () =>
      boardColumnCardsSchema.parse(
        await apiFetch(`${path(campaignId)}/columns/${encodeURIComponent(stage)}?${query.toString()}`),
      ),
    enabled: limit > BOARD_PAGE,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Moves a card one column on; the board (every filter), the donor's page and the next steps see it. */
export function useMoveCard(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BoardMoveInput) =>
      boardMoveResultSchema.parse(await apiFetch(`${path(campaignId)}/moves`, { method: "POST", json: body })),
    onSettled: async (_res, _err, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.boards(campaignId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.donors.record(body.donorId) }),
      ]);
    },
  });
}
