import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { stagePromptSchema, stagePromptVersionSchema, type StageName, type StagePrompt } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";

export const promptKeys = {
  all: ["stage-prompts"] as const,
  versions: (stage: StageName) => ["stage-prompts", "versions", stage] as const,
};

export type PromptVersion = ReturnType<typeof stagePromptVersionSchema.parse>;

const stagePath = (stage: StageName) => `/api/prompts/${encodeURIComponent(stage)}`;

export const getPrompts = async (): Promise<StagePrompt[]> =>
  stagePromptSchema.array().parse((await apiFetch<{ prompts?: unknown }>("/api/prompts")).prompts);

export const promptsQueryOptions = () => queryOptions({ queryKey: promptKeys.all, queryFn: getPrompts, retry: false });
export const usePrompts = () => useQuery(promptsQueryOptions());

export const getPromptVersions = async (stage: StageName): Promise<PromptVersion[]> =>
  stagePromptVersionSchema.array().parse((await apiFetch<{ versions?: unknown }>(`${stagePath(stage)}/versions`)).versions);

export const usePromptVersions = (stage: StageName, enabled: boolean) =>
  useQuery({ queryKey: promptKeys.versions(stage), queryFn: () => getPromptVersions(stage), enabled, retry: false });

function usePromptMutation<TInput>(fn: (input: TInput) => Promise<StagePrompt>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (saved) => {
      queryClient.setQueryData<StagePrompt[]>(promptKeys.all, (list) =>
        list?.map((p) => (p.stageName === saved.stageName ? saved : p)),
      );
      await queryClient.invalidateQueries({ queryKey: promptKeys.versions(saved.stageName) });
    },
  });
}

export const useSavePrompt = () =>
  usePromptMutation(async ({ stage, promptText }: { stage: StageName; promptText: string }) =>
    stagePromptSchema.parse(await apiFetch<unknown>(stagePath(stage), { method: "PUT", json: { promptText } })),
  );

export const useRestorePrompt = () =>
  usePromptMutation(async (stage: StageName) =>
    stagePromptSchema.parse(await apiFetch<unknown>(`${stagePath(stage)}/restore`, { method: "POST" })),
  );
