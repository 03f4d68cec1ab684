import { z } from "zod";
import { donorGroupSchema, savedDonorGroupSchema } from "../donors.ts";

/** /api/donor-groups/{id}… and /api/saved-donor-groups/{id} */
export const donorGroupParamsSchema = z.object({ id: z.string() });
/** How many groups match the query over all pages, and which page this is (ADR 072). */
const groupPage = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };
/** GET /api/donor-groups: one page of static groups, by name. */
export const donorGroupListSchema = z.object({ groups: z.array(donorGroupSchema), ...groupPage });
export type DonorGroupList = z.infer<typeof donorGroupListSchema>;
/** GET /api/saved-donor-groups: one page of saved filter groups, newest first. */
export const savedDonorGroupListSchema = z.object({ groups: z.array(savedDonorGroupSchema), ...groupPage });
export type SavedDonorGroupList = z.infer<typeof savedDonorGroupListSchema>;
