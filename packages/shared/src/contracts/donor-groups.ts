import { z } from "zod";
import { donorGroupSchema, savedDonorGroupSchema } from "../donors.ts";

/** /api/donor-groups/{id}… and /api/saved-donor-groups/{id} */
export const donorGroupParamsSchema = z.object({ id: z.string() });
/** GET /api/donor-groups */
export const donorGroupListSchema = z.object({ groups: z.array(donorGroupSchema) });
/** GET /api/saved-donor-groups */
export const savedDonorGroupListSchema = z.object({ groups: z.array(savedDonorGroupSchema) });
