import { MANAGE_ORGANIZATIONS_DENIED_MESSAGE } from "@cultivate/shared";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { OrganizationManagement } from "@/features/admin/components/organization-management";
import { usePageTitle } from "@/lib/page-title";
import { pageParam, searchParam, useUrlParamSetter } from "@/lib/url-params";

/** /admin/organizations?q=&page=: the search and the page live in the address. */
export function AdminOrganizationsRoute() {
  usePageTitle("Organization Management");
  const [params, set] = useUrlParamSetter();
  return (
    <RequirePermission
      permission="manageOrganizations"
      deniedMessage={MANAGE_ORGANIZATIONS_DENIED_MESSAGE}
      deniedTitle="Access Denied"
    >
      <OrganizationManagement params={{ q: searchParam(params), page: pageParam(params) }} onChange={set} />
    </RequirePermission>
  );
}
