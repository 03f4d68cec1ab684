import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import {
  donorDsRatingsResponseSchema,
  donorListResponseSchema,
  type DonorListResponse,
  type DonorSortKey,
} from "@cultivate/shared";
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

/** The DS Rating filter's options. Apart from the pages, which do not change them: one request per visit. */
export async function listDsRatings(organizationId?: string): Promise<string[]> {
  return donorDsRatingsResponseSchema.parse(await apiFetch(`/api/donors/ds-ratings${queryString({ organizationId })}`))
    .dsRatings;
}

export const useDsRatings = (organizationId?: string) =>
  useQuery({
    queryKey: queryKeys.donors.dsRatings(organizationId),
    queryFn: () => listDsRatings(organizationId),
    retry: false,
  });
