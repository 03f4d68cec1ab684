import { useCallback } from "react";
import { MANAGE_USERS_ACCESS_DENIED, ONBOARDING_STATUSES, type OnboardingStatus } from "@cultivate/shared";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { UserManagement, type UserListChange } from "@/features/admin/components/user-management";
import { usePageTitle } from "@/lib/page-title";
import { useUrlParams } from "@/lib/url-params";

/** /admin/users?organizationId=&q=&status=&page=: the list's search, status and page live in the address. */
export function AdminUsersRoute() {
  usePageTitle("User Management");
  const [params, updateParams] = useUrlParams();
  const status = params.get("status");
  const onChange = useCallback<UserListChange>(
    (changes, replace) =>
      updateParams(
        (next) => {
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace },
      ),
    [updateParams],
  );
  return (
    <RequirePermission permission="manageUsers" deniedMessage={MANAGE_USERS_ACCESS_DENIED}>
      <UserManagement
        params={{
          organizationId: params.get("organizationId"),
          q: params.get("q")?.trim().slice(0, 200) ?? "",
          status: (ONBOARDING_STATUSES as readonly string[]).includes(status ?? "")
            ? (status as OnboardingStatus)
            : null,
          page: Math.min(100_000, Math.max(1, Math.floor(Number(params.get("page"))) || 1)),
        }}
        onChange={onChange}
      />
    </RequirePermission>
  );
}
