import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  deleteOrganizationResultSchema,
  organizationDeletePreviewSchema,
  organizationListSchema,
  type OrganizationDeletePreview,
  type OrganizationList,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { userKeys } from "./users";

export const organizationKeys = { all: ["admin-organizations"] as const };

export const getOrganizations = async (): Promise<OrganizationList> =>
  organizationListSchema.parse(await apiFetch<unknown>("/api/admin/organizations"));

export const organizationsQueryOptions = () => queryOptions({ queryKey: organizationKeys.all, queryFn: getOrganizations });
export const useOrganizations = () => useQuery(organizationsQueryOptions());

function useOrganizationMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

type OrgRow = { id: string; name: string; createdAt: string; updatedAt: string };

export const useCreateOrganization = () =>
  useOrganizationMutation((name: string) => apiFetch<OrgRow>("/api/admin/organizations", { method: "POST", json: { name } }));

export const useRenameOrganization = () =>
  useOrganizationMutation(({ id, name }: { id: string; name: string }) =>
    apiFetch<OrgRow>(`/api/admin/organizations/${encodeURIComponent(id)}`, { method: "PUT", json: { name } }),
  );

/** Issue 11: everything deleting the organisation would remove, for the delete dialog. */
export const useOrganizationDeletePreview = (id: string) =>
  useQuery({
    queryKey: [...organizationKeys.all, id, "delete-preview"],
    queryFn: async (): Promise<OrganizationDeletePreview> =>
      organizationDeletePreviewSchema.parse(await apiFetch<unknown>(`/api/admin/organizations/${encodeURIComponent(id)}/delete-preview`)),
    staleTime: 0,
  });

export const useDeleteOrganization = () =>
  useOrganizationMutation(async ({ id, cascade }: { id: string; cascade: boolean }) =>
    deleteOrganizationResultSchema.parse(
      await apiFetch<unknown>(`/api/admin/organizations/${encodeURIComponent(id)}${cascade ? "?cascade=true" : ""}`, { method: "DELETE" }),
    ),
  );
