import { queryOptions, useQuery } from "@tanstack/react-query";
import { systemOverviewSchema, type SystemOverview } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const getOverview = async (): Promise<SystemOverview> =>
  systemOverviewSchema.parse(await apiFetch("/api/admin/overview"));

export const overviewQueryOptions = () => queryOptions({ queryKey: queryKeys.adminOverview, queryFn: getOverview });
export const useOverview = (enabled = true) => useQuery({ ...overviewQueryOptions(), enabled });
