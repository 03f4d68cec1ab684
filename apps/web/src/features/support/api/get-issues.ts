import { queryOptions, useQuery } from "@tanstack/react-query";
import { issueListSchema, type IssueList } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const getIssues = async (): Promise<IssueList> => issueListSchema.parse(await apiFetch("/api/issues"));

export const issuesQueryOptions = () => queryOptions({ queryKey: queryKeys.issues.list(), queryFn: getIssues });

export const useIssues = () => useQuery(issuesQueryOptions());
