import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { donorListResponseSchema, type DonorListResponse, type DonorSortKey } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
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

export const donorKeys = {
  all: ["donors"] as const,
  list: (params: DonorListParams) => ["donors", "list", params] as const,
  record: (id: string) => ["donors", "record", id] as const,
  imports: ["donors", "imports"] as const,
  importBatch: (id: string) => ["donors", "imports", id] as const,
};

export async function listDonors(params: DonorListParams): Promise<DonorListResponse> {
  const data = await apiFetch<unknown>(`/api/donors${queryString({ ...params })}`);
  return donorListResponseSchema.parse(data);
}

export const donorListQueryOptions = (params: DonorListParams) =>
  queryOptions({
    queryKey: donorKeys.list(params),
    queryFn: () => listDonors(params),
    // Keep the last page on screen while the next filter/page loads (no flicker to "loading").
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useDonorList = (params: DonorListParams) => useQuery(donorListQueryOptions(params));
