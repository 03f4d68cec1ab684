import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

export const getOrganizations = async (): Promise<OrganizationList> =>
  organizationListSchema.parse(await apiFetch("/api/admin/organizations"));

export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.adminOrganizations.all, queryFn: getOrganizations });
export const useOrganizations = () => useQuery(organizationsQueryOptions());

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
