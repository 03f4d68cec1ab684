import { useQuery } from "@tanstack/react-query";
import { organizationListSchema } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The organisation list for an admin's upload target (docs/RULES.md, Import); only admins may read it. */
export function useOrganizationOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.donors.organizationOptions,
    queryFn: async () =>
      organizationListSchema
        .parse(await apiFetch("/api/admin/organizations"))
        .organizations.map(({ id, name }) => ({ id, name })),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
