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
import { queryKeys } from "@/lib/query-keys";

/** The filters as query parameters (empty ones left out). */
export function filterParams(filters: ActionFilters, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  return params.toString();
}

export const getActions = async (filters: ActionFilters, offset: number, limit: number): Promise<ActionList> =>
  actionListSchema.parse(await apiFetch(`/api/actions?${filterParams(filters, { offset, limit })}`));

export const getActionSummary = async (filters: ActionFilters): Promise<ActionSummary> =>
  actionSummarySchema.parse(await apiFetch(`/api/actions/summary?${filterParams(filters)}`));

/** The filters' choices: users whose email or name holds `q` (and the chosen `userId`), names, resource types. */
export const getActionFilterOptions = async (q: string, userId: string | undefined): Promise<ActionFilterOptions> =>
  actionFilterOptionsSchema.parse(
    await apiFetch(`/api/actions/filter-options?${filterParams({}, { q: q.trim(), userId: userId ?? "" })}`),
  );

export const useActions = (filters: ActionFilters, offset: number, limit: number) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.actions.list(filters, offset),
      queryFn: () => getActions(filters, offset, limit),
      placeholderData: keepPreviousData,
    }),
  );

export const useActionSummary = (filters: ActionFilters) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.actions.summary(filters),
      queryFn: () => getActionSummary(filters),
      placeholderData: keepPreviousData,
    }),
  );

export const useActionFilterOptions = (q: string, userId: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.actions.options(q.trim(), userId ?? ""),
      queryFn: () => getActionFilterOptions(q, userId),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
  );

/** The export is a plain download: the server streams the CSV with its file name. */
export const exportUrl = (filters: ActionFilters) => `/api/actions/export?${filterParams(filters)}`;
