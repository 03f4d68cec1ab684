import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { donorListResponseSchema, type DonorListResponse, type DonorSortKey } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { queryString } from "./query-string";

export interface DonorListParams {
  /** The encoded filters JSON, exactly as in the page URL ("" for none). */
  filters: string;
  sort: DonorSortKey;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
  staticGroup?: string;
  organizationId?: string;
}

export async function listDonors(params: DonorListParams): Promise<DonorListResponse> {
  return donorListResponseSchema.parse(await apiFetch(`/api/donors${queryString({ ...params })}`));
}

export const donorListQueryOptions = (params: DonorListParams) =>
  queryOptions({
    queryKey: queryKeys.donors.list(params),
    queryFn: () => listDonors(params),
    // Keep the last page on screen while the next filter/page loads (no flicker to "loading").
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useDonorList = (params: DonorListParams) => useQuery(donorListQueryOptions(params));
