import { queryOptions, useQuery } from "@tanstack/react-query";
import { donorRecordResponseSchema, type DonorRecordResponse } from "@cultivate/shared";
import { ApiClientError, apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The donor with stages and change history, or null when it is missing or another organisation's (404). */
export async function getDonor(id: string): Promise<DonorRecordResponse | null> {
  try {
    return donorRecordResponseSchema.parse(await apiFetch(`/api/donors/${encodeURIComponent(id)}`));
  } catch (error) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const donorQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.donors.record(id), queryFn: () => getDonor(id), retry: false });

export const useDonor = (id: string) => useQuery(donorQueryOptions(id));
