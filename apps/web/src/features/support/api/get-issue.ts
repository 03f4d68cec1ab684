import { queryOptions, useQuery } from "@tanstack/react-query";
import { issueSchema, type Issue } from "@cultivate/shared";
import { ApiClientError, apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const getIssue = async (id: string): Promise<Issue> =>
  issueSchema.parse(await apiFetch(`/api/issues/${encodeURIComponent(id)}`));

export const issueQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.issues.detail(id),
    queryFn: () => getIssue(id),
    // "Not found" is an answer: no retry.
    retry: (count, error) => !(error instanceof ApiClientError && error.status < 500) && count < 1,
  });

export const useIssue = (id: string) => useQuery(issueQueryOptions(id));
