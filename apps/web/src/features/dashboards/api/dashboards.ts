import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  officerDashboardSchema,
  ownerDashboardSchema,
  portfolioDashboardSchema,
  type OfficerDashboard,
  type OwnerDashboard,
  type PortfolioDashboard,
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

/** Issue 15, Portfolios: portfolio sizes and capacity per relationship manager, and the top unassigned donors. */
export const getPortfolioDashboard = async (): Promise<PortfolioDashboard> =>
  portfolioDashboardSchema.parse(await apiFetch("/api/dashboards/portfolios"));
export const usePortfolioDashboard = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.dashboards.portfolios, queryFn: getPortfolioDashboard, retry: false, enabled });
