import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { calendarFeedCreatedSchema, calendarFeedStatusSchema, messageSchema } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The calendar link of one's next steps (issue 15; docs/api/next-steps.md). */
export const useCalendarFeed = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.calendarFeed,
    queryFn: async () => calendarFeedStatusSchema.parse(await apiFetch("/api/account/calendar-feed")),
    enabled,
  });

export function useMakeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      calendarFeedCreatedSchema.parse(await apiFetch("/api/account/calendar-feed", { method: "POST" })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
}

export function useRemoveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => messageSchema.parse(await apiFetch("/api/account/calendar-feed", { method: "DELETE" })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
}
