import { MANAGE_USERS_ACCESS_DENIED, ONBOARDING_STATUSES, type OnboardingStatus } from "@cultivate/shared";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { UserManagement } from "@/features/admin/components/user-management";
import { usePageTitle } from "@/lib/page-title";
import { pageParam, searchParam, useUrlParamSetter } from "@/lib/url-params";

/** /admin/users?organizationId=&q=&status=&page=: the list's search, status and page live in the address. */
export function AdminUsersRoute() {
  usePageTitle("User Management");
  const [params, set] = useUrlParamSetter();
  const status = params.get("status");
  return (
    <RequirePermission permission="manageUsers" deniedMessage={MANAGE_USERS_ACCESS_DENIED}>
      <UserManagement
        params={{
          organizationId: params.get("organizationId"),
          q: searchParam(params),
          status: (ONBOARDING_STATUSES as readonly string[]).includes(status ?? "")
            ? (status as OnboardingStatus)
            : null,
          page: pageParam(params),
        }}
        onChange={set}
      />
    </RequirePermission>
  );
}
