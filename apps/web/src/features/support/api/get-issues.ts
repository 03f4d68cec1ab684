import { queryOptions, useQuery } from "@tanstack/react-query";
import { issueListSchema, type IssueList } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { supportKeys } from "./keys";

export const getIssues = async (): Promise<IssueList> => issueListSchema.parse(await apiFetch<unknown>("/api/issues"));

export const issuesQueryOptions = () => queryOptions({ queryKey: supportKeys.list(), queryFn: getIssues });

export const useIssues = () => useQuery(issuesQueryOptions());
