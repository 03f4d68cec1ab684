import { z } from "zod";
import { campaignDonorSchema } from "../campaigns.ts";

/** /api/campaigns/{id}… */
export const campaignParamsSchema = z.object({ id: z.uuid() });
/** GET /api/campaigns/{id}/donors */
export const campaignDonorListSchema = z.object({ donors: z.array(campaignDonorSchema) });
