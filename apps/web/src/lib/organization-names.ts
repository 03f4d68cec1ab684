import { queryOptions, useQuery } from "@tanstack/react-query";
import { organizationNamesSchema, type OrganizationNames } from "@cultivate/shared";
import { apiFetch } from "./api-client";
import { queryKeys } from "./query-keys";

/**
 * Every organisation's id and name (`GET /api/admin/organizations/names`, admins only): what every
 * organisation picker offers. Not the paged Organization Management list, which holds 50 (ADR 067).
 * Here, not in features/admin, because the donor list, the import and the campaigns pick from it too.
 */
const organizationNamesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminOrganizations.names,
    queryFn: async (): Promise<OrganizationNames> =>
      organizationNamesSchema.parse(await apiFetch("/api/admin/organizations/names")),
  });

/** The organisations, for an admin only (`enabled`): nobody else may read them. */
export const useOrganizationNames = (enabled: boolean) =>
  useQuery({
    ...organizationNamesQueryOptions(),
    enabled,
    select: (list) => list.organizations,
    retry: false,
    staleTime: 60_000,
  });
