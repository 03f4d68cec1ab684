import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "@cultivate/shared";
import { ApiClientError, apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The signed-in user, or null when there is no session (401 is an answer, not an error). */
export async function getMe(): Promise<Me | null> {
  let answer: unknown;
  try {
    answer = await apiFetch("/api/me");
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) return null;
    throw error;
  }
  const { meSchema } = await import("./me-contract");
  return meSchema.parse(answer);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
    retry: false,
    staleTime: 30_000,
  });

export const useMe = () => useQuery(meQueryOptions());
