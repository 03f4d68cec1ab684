import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import {
  actionFilterOptionsSchema,
  actionListSchema,
  actionSummarySchema,
  type ActionFilterOptions,
  type ActionFilters,
  type ActionList,
  type ActionSummary,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";

export const activityKeys = {
  all: ["actions"] as const,
  list: (filters: ActionFilters, offset: number) => [...activityKeys.all, "list", filters, offset] as const,
  summary: (filters: ActionFilters) => [...activityKeys.all, "summary", filters] as const,
  options: () => [...activityKeys.all, "options"] as const,
};

/** The filters as query parameters (empty ones left out). */
export function filterParams(filters: ActionFilters, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  return params.toString();
}

export const getActions = async (filters: ActionFilters, offset: number, limit: number): Promise<ActionList> =>
  actionListSchema.parse(await apiFetch<unknown>(`/api/actions?${filterParams(filters, { offset, limit })}`));

export const getActionSummary = async (filters: ActionFilters): Promise<ActionSummary> =>
  actionSummarySchema.parse(await apiFetch<unknown>(`/api/actions/summary?${filterParams(filters)}`));

export const getActionFilterOptions = async (): Promise<ActionFilterOptions> =>
  actionFilterOptionsSchema.parse(await apiFetch<unknown>("/api/actions/filter-options"));

export const useActions = (filters: ActionFilters, offset: number, limit: number) =>
  useQuery(
    queryOptions({
      queryKey: activityKeys.list(filters, offset),
      queryFn: () => getActions(filters, offset, limit),
      placeholderData: keepPreviousData,
    }),
  );

export const useActionSummary = (filters: ActionFilters) =>
  useQuery(queryOptions({ queryKey: activityKeys.summary(filters), queryFn: () => getActionSummary(filters), placeholderData: keepPreviousData }));

export const useActionFilterOptions = () =>
  useQuery(queryOptions({ queryKey: activityKeys.options(), queryFn: getActionFilterOptions, staleTime: 60_000 }));

/** The export is a plain download: the server streams the CSV with its file name. */
export const exportUrl = (filters: ActionFilters) => `/api/actions/export?${filterParams(filters)}`;
