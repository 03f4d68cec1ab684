import { z } from "zod";
import { campaignDonorSchema } from "../campaigns.ts";
import { listPageNumber } from "../input.ts";

/** /api/campaigns/{id}… */
export const campaignParamsSchema = z.object({ id: z.uuid() });
/** GET /api/campaigns/{id}/donors: one page (CAMPAIGN_DONOR_PAGE_SIZE) of the campaign's donors, by name. */
export const campaignDonorListQuerySchema = z.object({ page: listPageNumber() });
export const campaignDonorListSchema = z.object({
  donors: z.array(campaignDonorSchema),
  /** Every donor of the campaign, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
