import { queryOptions, useQuery } from "@tanstack/react-query";
import { systemOverviewSchema, type SystemOverview } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";

export const getOverview = async (): Promise<SystemOverview> =>
  systemOverviewSchema.parse(await apiFetch<unknown>("/api/admin/overview"));

export const overviewQueryOptions = () => queryOptions({ queryKey: ["admin-overview"], queryFn: getOverview });
export const useOverview = (enabled = true) => useQuery({ ...overviewQueryOptions(), enabled });
