import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { issueListSchema, type IssueList, type IssueStatus } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** One page of one status's issues, with every status's count (GET /api/issues?status=&page=). */
export const getIssues = async (status: IssueStatus, page: number): Promise<IssueList> =>
  issueListSchema.parse(await apiFetch(`/api/issues?status=${status}${page > 1 ? `&page=${page}` : ""}`));

export const issuesQueryOptions = (status: IssueStatus, page: number) =>
  queryOptions({
    queryKey: queryKeys.issues.list(status, page),
    queryFn: () => getIssues(status, page),
    // The counts stay on screen while another tab or page loads.
    placeholderData: keepPreviousData,
  });

export const useIssues = (status: IssueStatus, page: number) => useQuery(issuesQueryOptions(status, page));
