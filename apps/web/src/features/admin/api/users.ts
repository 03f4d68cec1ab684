import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminUserResponseSchema,
  approveResultSchema,
  declineResultSchema,
  type DeclineResult,
  userListSchema,
  type ApproveResult,
  type CreateUserInput,
  type OnboardingStatus,
  type RoleName,
  type UserList,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** What the list shows: the scope (admins: one organisation or everyone), the search, the status and the page. */
export type UserListParams = {
  organizationId: string | null;
  q: string;
  status: OnboardingStatus | null;
  page: number;
};

export const getUsers = async (p: UserListParams): Promise<UserList> => {
  const qs = new URLSearchParams();
  if (p.organizationId) qs.set("organizationId", p.organizationId);
  if (p.q.trim()) qs.set("q", p.q.trim());
  if (p.status) qs.set("status", p.status);
  if (p.page > 1) qs.set("page", String(p.page));
  const query = qs.toString();
  return userListSchema.parse(await apiFetch(`/api/admin/users${query ? `?${query}` : ""}`));
};

export const usersQueryOptions = (p: UserListParams) =>
  queryOptions({
    queryKey: queryKeys.adminUsers.list(p),
    queryFn: () => getUsers(p),
    placeholderData: keepPreviousData,
  });

export const useUsers = (p: UserListParams) => useQuery(usersQueryOptions(p));

/** Invalidates every user list after a change. */
function useUserMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, refresh = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => (refresh ? queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }) : undefined),
  });
}

/** Creates a user; the list is refreshed by the caller after a second (docs/RULES.md, Display formats). */
export const useCreateUser = () =>
  useUserMutation(
    async (input: CreateUserInput) =>
      adminUserResponseSchema.parse(await apiFetch("/api/admin/users", { method: "POST", json: input })),
    false,
  );

export const useAssignRole = () =>
  useUserMutation(async ({ userId, role }: { userId: string; role: RoleName }) =>
    adminUserResponseSchema.parse(
      await apiFetch(`/api/admin/users/${encodeURIComponent(userId)}/role`, { method: "PUT", json: { role } }),
    ),
  );

export const useRemoveRole = () =>
  useUserMutation(async ({ userId, role }: { userId: string; role: string }) =>
    adminUserResponseSchema.parse(
      await apiFetch(`/api/admin/users/${encodeURIComponent(userId)}/roles/${encodeURIComponent(role)}`, {
        method: "DELETE",
      }),
    ),
  );

export const useSetUserOrganization = () =>
  useUserMutation(async ({ userId, organizationId }: { userId: string; organizationId: string | null }) =>
    adminUserResponseSchema.parse(
      await apiFetch(`/api/admin/users/${encodeURIComponent(userId)}/organization`, {
        method: "PUT",
        json: { organizationId },
      }),
    ),
  );

export const useApproveUser = () =>
  useUserMutation(async (userId: string): Promise<ApproveResult> =>
    approveResultSchema.parse(
      await apiFetch(`/api/admin/users/${encodeURIComponent(userId)}/approve`, { method: "POST" }),
    ),
  );

/** Issue 11: declines an applicant (removed from the organisation, back to onboarding, emailed). */
export const useDeclineUser = () =>
  useUserMutation(async (userId: string): Promise<DeclineResult> =>
    declineResultSchema.parse(
      await apiFetch(`/api/admin/users/${encodeURIComponent(userId)}/decline`, { method: "POST" }),
    ),
  );
