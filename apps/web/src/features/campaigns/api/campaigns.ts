import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  campaignDonorListSchema,
  campaignListSchema,
  campaignSchema,
  noContentSchema,
  type Campaign,
  type CampaignInput,
  type CampaignPatch,
} from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type CampaignList = ReturnType<typeof campaignListSchema.parse>;

const path = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

/** One page of the campaigns (ADR 070): active ones first, then archived ones when asked. */
export async function getCampaigns(
  organizationId: string | null,
  includeArchived: boolean,
  page: number,
): Promise<CampaignList> {
  const params = new URLSearchParams();
  if (organizationId) params.set("organizationId", organizationId);
  if (includeArchived) params.set("includeArchived", "true");
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return campaignListSchema.parse(await apiFetch(`/api/campaigns${qs ? `?${qs}` : ""}`));
}

export const campaignsQueryOptions = (organizationId: string | null, includeArchived: boolean, page: number) =>
  queryOptions({
    queryKey: queryKeys.campaigns.list(organizationId, includeArchived, page),
    queryFn: () => getCampaigns(organizationId, includeArchived, page),
    retry: false,
  });

export const useCampaigns = (organizationId: string | null, includeArchived: boolean, page: number) =>
  useQuery(campaignsQueryOptions(organizationId, includeArchived, page));

/** One page of a campaign's donors, by name, with how many there are in all. */
export const getCampaignDonors = async (id: string, page: number) =>
  campaignDonorListSchema.parse(await apiFetch(`${path(id)}/donors${page > 1 ? `?page=${page}` : ""}`));

export const useCampaignDonors = (id: string, page: number) =>
  useQuery({
    queryKey: queryKeys.campaigns.donors(id, page),
    queryFn: () => getCampaignDonors(id, page),
    placeholderData: keepPreviousData,
  });

function useCampaignMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        // Both lists (with and without archived) refetch now, so toggling Show Archived never shows a stale list.
        queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.all, refetchType: "all" }),
        // Dashboards, the organisation list and the stage screen count or list campaigns too.
        queryClient.invalidateQueries({
          predicate: (q) => q.queryKey[0] !== queryKeys.me[0] && q.queryKey[0] !== queryKeys.campaigns.all[0],
        }),
      ]),
  });
}

export const useCreateCampaign = () =>
  useCampaignMutation(async (input: CampaignInput) =>
    campaignSchema.parse(await apiFetch("/api/campaigns", { method: "POST", json: input })),
  );

export const useUpdateCampaign = () =>
  useCampaignMutation(async ({ id, patch }: { id: string; patch: CampaignPatch }) =>
    campaignSchema.parse(await apiFetch(path(id), { method: "PATCH", json: patch })),
  );

export const useDeleteCampaign = () =>
  useCampaignMutation(async (campaign: Campaign) =>
    noContentSchema.parse(await apiFetch(path(campaign.id), { method: "DELETE" })),
  );
