import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { aiSettingSchema, type AiProviderId, type AiSetting } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const getAiSetting = async (): Promise<AiSetting> =>
  aiSettingSchema.parse(await apiFetch("/api/settings/ai-provider"));

export const aiSettingQueryOptions = () => queryOptions({ queryKey: queryKeys.aiSetting, queryFn: getAiSetting });
export const useAiSetting = () => useQuery(aiSettingQueryOptions());

export const updateAiProvider = async (provider: AiProviderId): Promise<AiSetting> =>
  aiSettingSchema.parse(await apiFetch("/api/settings/ai-provider", { method: "PUT", json: { provider } }));

export function useUpdateAiProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiProvider,
    onSuccess: (setting) => queryClient.setQueryData(queryKeys.aiSetting, setting),
  });
}
