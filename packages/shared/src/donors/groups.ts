import { z } from "zod";
import { donorFilterSettingsSchema, donorFilterValuesSchema } from "./filters.ts";
import { DONOR_MESSAGES } from "./messages.ts";
import { listPageNumber, optionalSearchText } from "../input.ts";

/** Who made a group (null when that account was deleted) and what the caller may do with it (issue 14). */
const groupMakerSchema = z.object({ name: z.string().nullable(), email: z.string() }).nullable();
const groupPermissionsSchema = z.object({
  /** can.deleteDonorGroup: its maker, a manager, an owner or an admin. */
  delete: z.boolean(),
});

export const donorGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  userId: z.string().nullable(),
  createdBy: groupMakerSchema,
  createdAt: z.string(),
  memberCount: z.number().int(),
  permissions: groupPermissionsSchema,
});
export type DonorGroup = z.infer<typeof donorGroupSchema>;

const groupName = z
  .string({ error: DONOR_MESSAGES.groupNameRequired })
  .trim()
  .min(1, DONOR_MESSAGES.groupNameRequired)
  .max(200);

export const createDonorGroupSchema = z.object({
  name: groupName,
  /** Admins only; others create in their own organisation. */
  organizationId: z.string().uuid().optional(),
});

/** Groups per page of either list (ADR 072): an organisation's groups pile up over the years. */
export const DONOR_GROUP_PAGE_SIZE = 50;
/**
 * GET /api/donor-groups and /api/saved-donor-groups: the organisation (admins), `q` found in the
 * group's name, and the page.
 */
export const groupQuerySchema = z.object({
  organizationId: z.string().uuid().optional(),
  q: optionalSearchText(),
  page: listPageNumber(),
});

export const groupMembersInputSchema = z.object({
  donorIds: z.array(z.string().uuid()).max(10_000),
});
export const groupMembersResponseSchema = z.object({ count: z.number().int(), message: z.string() });

export const savedDonorGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  userId: z.string().nullable(),
  createdBy: groupMakerSchema,
  createdAt: z.string(),
  filterSettings: donorFilterValuesSchema,
  permissions: groupPermissionsSchema,
});
export type SavedDonorGroup = z.infer<typeof savedDonorGroupSchema>;

export const createSavedDonorGroupSchema = z.object({
  name: groupName,
  filterSettings: donorFilterSettingsSchema,
  organizationId: z.string().uuid().optional(),
});
