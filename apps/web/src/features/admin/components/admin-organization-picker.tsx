import { OrganizationPicker } from "@/components/ui/organization-picker";
import { useMe } from "@/features/auth/api/get-me";
import { useOrganizationNames } from "@/lib/organization-names";
import { can } from "@/lib/permissions";

/**
 * The organisation picker as a page shows it to an admin (issue 14), nothing for anyone else: it loads the
 * organisations only for an admin. No choice reads as the server reads it (readScope): the admin's own
 * organisation when they belong to one, else all of them. Lives here, not beside OrganizationPicker in
 * components/ui, because it needs the session and the admin's organisation list (components/ import no feature).
 */
export function AdminOrganizationPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (organizationId: string | null) => void;
}) {
  const me = useMe().data;
  const isAdmin = can(me, "seeAllOrganizations");
  const organizations = useOrganizationNames(isAdmin);
  if (!isAdmin) return null;
  return (
    <OrganizationPicker
      organizations={organizations.data}
      loading={organizations.isPending}
      value={value}
      onChange={onChange}
      noneLabel={me?.organization ? `Your own (${me.organization.name})` : undefined}
    />
  );
}
