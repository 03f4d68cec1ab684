import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { aiSettingSchema, type AiProviderId, type AiSetting } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";

export const aiSettingKeys = { setting: ["ai-setting"] as const };

export const getAiSetting = async (): Promise<AiSetting> =>
  aiSettingSchema.parse(await apiFetch<unknown>("/api/settings/ai-provider"));

export const aiSettingQueryOptions = () => queryOptions({ queryKey: aiSettingKeys.setting, queryFn: getAiSetting });
export const useAiSetting = () => useQuery(aiSettingQueryOptions());

export const updateAiProvider = async (provider: AiProviderId): Promise<AiSetting> =>
  aiSettingSchema.parse(await apiFetch<unknown>("/api/settings/ai-provider", { method: "PUT", json: { provider } }));

export function useUpdateAiProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiProvider,
    onSuccess: (setting) => queryClient.setQueryData(aiSettingKeys.setting, setting),
  });
}
