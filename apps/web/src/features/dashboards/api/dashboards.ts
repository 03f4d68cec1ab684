import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  officerDashboardSchema,
  ownerDashboardSchema,
  type OfficerDashboard,
  type OwnerDashboard,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const getOwnerDashboard = async (): Promise<OwnerDashboard> =>
  ownerDashboardSchema.parse(await apiFetch("/api/dashboards/owner"));
export const getOfficerDashboard = async (): Promise<OfficerDashboard> =>
  officerDashboardSchema.parse(await apiFetch("/api/dashboards/officer"));

export const ownerDashboardQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboards.owner, queryFn: getOwnerDashboard, retry: false });
export const officerDashboardQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboards.officer, queryFn: getOfficerDashboard, retry: false });

export const useOwnerDashboard = (enabled: boolean) => useQuery({ ...ownerDashboardQueryOptions(), enabled });
export const useOfficerDashboard = (enabled: boolean) => useQuery({ ...officerDashboardQueryOptions(), enabled });
