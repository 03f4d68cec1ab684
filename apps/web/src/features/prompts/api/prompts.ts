import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  promptListSchema,
  promptVersionListSchema,
  stagePromptSchema,
  type StageName,
  type StagePrompt,
  type stagePromptVersionSchema,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type PromptVersion = ReturnType<typeof stagePromptVersionSchema.parse>;

const stagePath = (stage: StageName) => `/api/prompts/${encodeURIComponent(stage)}`;

export const getPrompts = async (): Promise<StagePrompt[]> =>
  promptListSchema.parse(await apiFetch("/api/prompts")).prompts;

export const promptsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.prompts.all, queryFn: getPrompts, retry: false });
export const usePrompts = () => useQuery(promptsQueryOptions());

export const getPromptVersions = async (stage: StageName): Promise<PromptVersion[]> =>
  promptVersionListSchema.parse(await apiFetch(`${stagePath(stage)}/versions`)).versions;

export const usePromptVersions = (stage: StageName, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.prompts.versions(stage),
    queryFn: () => getPromptVersions(stage),
    enabled,
    retry: false,
  });

function usePromptMutation<TInput>(fn: (input: TInput) => Promise<StagePrompt>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (saved) => {
      queryClient.setQueryData<StagePrompt[]>(queryKeys.prompts.all, (list) =>
        list?.map((p) => (p.stageName === saved.stageName ? saved : p)),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.prompts.versions(saved.stageName) });
    },
  });
}

export const useSavePrompt = () =>
  usePromptMutation(async ({ stage, promptText }: { stage: StageName; promptText: string }) =>
    stagePromptSchema.parse(await apiFetch(stagePath(stage), { method: "PUT", json: { promptText } })),
  );

export const useRestorePrompt = () =>
  usePromptMutation(async (stage: StageName) =>
    stagePromptSchema.parse(await apiFetch(`${stagePath(stage)}/restore`, { method: "POST" })),
  );
