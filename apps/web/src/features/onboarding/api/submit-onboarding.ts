import { useMutation, useQueryClient } from "@tanstack/react-query";
import { onboardingResultSchema, type OnboardingData } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const submitOnboarding = async (data: OnboardingData) =>
  onboardingResultSchema.parse(await apiFetch("/api/onboarding", { method: "POST", json: data }));

export function useSubmitOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOnboarding,
    // The onboarding status (and role) change on the server.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
