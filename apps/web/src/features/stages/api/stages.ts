import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  campaignGoalSchema,
  decodeStageStreamEvent,
  STAGE_MESSAGES,
  stagePreviewSchema,
  stagesResetResultSchema,
  stageWorkspaceSchema,
  type StageName,
  type StageStreamEvent,
  type StageWorkspace,
} from "@cultivate/shared";
import { ApiClientError, apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const donorPath = (donorId: string) => `/api/donors/${encodeURIComponent(donorId)}`;

/** The donor's stage workspace, or null when the donor is missing or another organisation's (404). */
export async function getStageWorkspace(donorId: string): Promise<StageWorkspace | null> {
  try {
    return stageWorkspaceSchema.parse(await apiFetch(`${donorPath(donorId)}/stage-workspace`));
  } catch (error) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const stageWorkspaceQueryOptions = (donorId: string) =>
  queryOptions({
    queryKey: queryKeys.stageWorkspace(donorId),
    queryFn: () => getStageWorkspace(donorId),
    retry: false,
  });

export const useStageWorkspace = (donorId: string) => useQuery(stageWorkspaceQueryOptions(donorId));

/** Stage records feed the donor dashboard (strip, timeline), the donor list's stage filter and campaign donor counts. */
const refreshOthers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.donors.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
  ]);

export function useSaveCampaignGoal(donorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ campaignId, goalText }: { campaignId: string; goalText: string }) =>
      campaignGoalSchema.parse(
        await apiFetch(`${donorPath(donorId)}/campaign-goals/${encodeURIComponent(campaignId)}`, {
          method: "PUT",
          json: { goalText },
        }),
      ),
    onSuccess: (_r, { campaignId, goalText }) => {
      queryClient.setQueryData<StageWorkspace | null>(queryKeys.stageWorkspace(donorId), (ws) =>
        ws ? { ...ws, goals: [...ws.goals.filter((g) => g.campaignId !== campaignId), { campaignId, goalText }] } : ws,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all });
    },
  });
}

export type StageRequest = { stage: StageName; campaignId: string | null; prepNotes: string };

export const previewStagePrompt = async (donorId: string, body: StageRequest) =>
  stagePreviewSchema.parse(await apiFetch(`${donorPath(donorId)}/stages/preview`, { method: "POST", json: body }));

export const usePreviewStagePrompt = (donorId: string) =>
  useMutation({ mutationFn: (body: StageRequest) => previewStagePrompt(donorId, body) });

export function useResetStages(donorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      stagesResetResultSchema.parse(await apiFetch(`${donorPath(donorId)}/stages`, { method: "DELETE" })),
    onSuccess: async () => {
      queryClient.setQueryData<StageWorkspace | null>(queryKeys.stageWorkspace(donorId), (ws) =>
        ws ? { ...ws, stages: [], defaultStage: "Discovery", currentStage: "Discovery" } : ws,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.stageWorkspace(donorId) }),
        refreshOthers(queryClient),
      ]);
    },
  });
}

/** The stream stopped, or said the record could not be saved: nothing was saved. */
export class StageSaveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StageSaveError";
  }
}

/** The AI provider failed; `message` is its reason. */
export class StageGenerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StageGenerationError";
  }
}

/**
 * POSTs the (possibly edited) prompt and reads the `application/x-ndjson` answer line by line,
 * calling `onEvent` for each. A 4xx/5xx before streaming throws ApiClientError with the server's message.
 * Resolves with the saved record, or throws an Error carrying the stream's error message.
 */
export async function streamStageGeneration(
  donorId: string,
  body: StageRequest & { prompt: string },
  onEvent: (event: StageStreamEvent) => void,
  signal?: AbortSignal,
) {
  const stream = await apiFetch(`${donorPath(donorId)}/stages/generate`, {
    method: "POST",
    json: body,
    signal,
    as: "stream",
  });
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let result: StageStreamEvent | null = null;
  const handle = (line: string) => {
    if (!line.trim()) return;
    const event = decodeStageStreamEvent(line);
    if (event.type === "done" || event.type === "error") result = event;
    onEvent(event);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl = buffer.indexOf("\n");
    while (nl >= 0) {
      handle(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf("\n");
    }
  }
  buffer += decoder.decode();
  handle(buffer);

  const final = result as StageStreamEvent | null;
  if (final?.type === "done") return final.record;
  if (final?.type === "error" && final.message !== STAGE_MESSAGES.saveFailed)
    throw new StageGenerationError(final.message);
  throw new StageSaveError(
    final?.type === "error" ? final.message : "The answer ended before the recommendation was saved.",
  );
}

export function useGenerateStage(donorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      onEvent,
    }: {
      body: StageRequest & { prompt: string };
      onEvent: (e: StageStreamEvent) => void;
    }) => streamStageGeneration(donorId, body, onEvent),
    onSuccess: async (record) => {
      queryClient.setQueryData<StageWorkspace | null>(queryKeys.stageWorkspace(donorId), (ws) =>
        ws ? { ...ws, stages: [...ws.stages.filter((s) => s.id !== record.id), record] } : ws,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.stageWorkspace(donorId) }),
        refreshOthers(queryClient),
      ]);
    },
  });
}
