import { useMemo } from "react";
import { useMe } from "@/features/auth/api/get-me";
import { useOrganizationNames } from "@/lib/organization-names";
import { can } from "@/lib/permissions";

/**
 * Each group's organisation name, for an admin who reads every organisation's groups (none picked on
 * the page and none of their own): two organisations' "Major donors" must not look like one group.
 * Undefined for everyone else, whose groups are all of one organisation. The names come from the
 * admins' cached organisation list, which the organisation picker reads anyway.
 */
export function useGroupOrganizationLabel(organizationId: string | undefined) {
  const me = useMe().data;
  const everyOrganization = can(me, "seeAllOrganizations") && !organizationId && !me?.organization;
  const names = useOrganizationNames(everyOrganization).data;
  return useMemo(() => {
    if (!everyOrganization) return undefined;
    const byId = new Map((names ?? []).map((o) => [o.id, o.name]));
    return (id: string) => byId.get(id);
  }, [everyOrganization, names]);
}
