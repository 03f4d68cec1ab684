import { queryOptions, useQuery } from "@tanstack/react-query";
import { publicConfigSchema, type PublicConfig } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const getPublicConfig = async (): Promise<PublicConfig> =>
  publicConfigSchema.parse(await apiFetch("/api/config"));

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.publicConfig, queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
