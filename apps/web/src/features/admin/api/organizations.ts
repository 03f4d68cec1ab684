import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  deleteOrganizationResultSchema,
  organizationDeletePreviewSchema,
  organizationListSchema,
  organizationRowSchema,
  type OrganizationDeletePreview,
  type OrganizationList,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** What Organization Management shows: the search by name and the page. */
export type OrganizationListParams = { q: string; page: number };

export const getOrganizations = async (p: OrganizationListParams): Promise<OrganizationList> => {
  const qs = new URLSearchParams();
  if (p.q.trim()) qs.set("q", p.q.trim());
  if (p.page > 1) qs.set("page", String(p.page));
  const query = qs.toString();
  return organizationListSchema.parse(await apiFetch(`/api/admin/organizations${query ? `?${query}` : ""}`));
};

export const useOrganizations = (p: OrganizationListParams) =>
  useQuery({
    queryKey: queryKeys.adminOrganizations.list(p),
    queryFn: () => getOrganizations(p),
    placeholderData: keepPreviousData,
  });

function useOrganizationMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminOrganizations.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all });
    },
  });
}

export const useCreateOrganization = () =>
  useOrganizationMutation(async (name: string) =>
    organizationRowSchema.parse(await apiFetch("/api/admin/organizations", { method: "POST", json: { name } })),
  );

export const useRenameOrganization = () =>
  useOrganizationMutation(async ({ id, name }: { id: string; name: string }) =>
    organizationRowSchema.parse(
      await apiFetch(`/api/admin/organizations/${encodeURIComponent(id)}`, { method: "PUT", json: { name } }),
    ),
  );

/** Issue 11: everything deleting the organisation would remove, for the delete dialog. */
export const useOrganizationDeletePreview = (id: string) =>
  useQuery({
    queryKey: queryKeys.adminOrganizations.deletePreview(id),
    queryFn: async (): Promise<OrganizationDeletePreview> =>
      organizationDeletePreviewSchema.parse(
        await apiFetch(`/api/admin/organizations/${encodeURIComponent(id)}/delete-preview`),
      ),
    staleTime: 0,
  });

export const useDeleteOrganization = () =>
  useOrganizationMutation(async ({ id, cascade }: { id: string; cascade: boolean }) =>
    deleteOrganizationResultSchema.parse(
      await apiFetch(`/api/admin/organizations/${encodeURIComponent(id)}${cascade ? "?cascade=true" : ""}`, {
        method: "DELETE",
      }),
    ),
  );
