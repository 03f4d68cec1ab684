import { z } from "zod";
import { DONOR_FIELD_BY_KEY } from "../donor-fields.ts";
import { donorFilterValuesSchema } from "./filters.ts";
import { relationshipManagerSchema } from "./portfolio.ts";

export const DONOR_SORT_KEYS = [
  "lastName",
  "firstName",
  "dsRating",
  "qualityScore",
  "estimatedCapacity",
  "totalGiftAmount",
  "numberOfGifts",
  "lastGiftDate",
  "age",
  "lastContactDate",
  "daysSinceContact",
] as const;
export type DonorSortKey = (typeof DONOR_SORT_KEYS)[number];

/**
 * Which way a column sorts on its first click: amounts and scores largest first, dates newest first (what a
 * fundraiser looks for), names, ratings and ages from the top of the alphabet or the smallest (from the catalogue's
 * field types).
 */
export const donorSortFirstDir = (key: DonorSortKey): "asc" | "desc" => {
  const type = DONOR_FIELD_BY_KEY.get(key)?.type;
  return type === "money" || type === "number" || type === "date" ? "desc" : "asc";
};

export const DONOR_PAGE_SIZE_DEFAULT = 50;
export const DONOR_PAGE_SIZE_MAX = 200;

/**
 * GET /api/donors query. `filters` is the same encoded JSON as the page URL's `filters`
 * (decode with `decodeDonorFilters`). Ties always fall back to Last Name, First Name, id.
 */
export const donorListQuerySchema = z.object({
  filters: z.string().max(4000).optional(),
  sort: z.enum(DONOR_SORT_KEYS).default("lastName"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(DONOR_PAGE_SIZE_MAX).default(DONOR_PAGE_SIZE_DEFAULT),
  staticGroup: z.string().uuid().optional(),
  /** Admins only: list this organisation's donors (others: 404 unless it is their own). */
  organizationId: z.string().uuid().optional(),
});
export type DonorListQuery = z.infer<typeof donorListQuerySchema>;

/** The export takes the same filters, group and organisation (no paging: every matching donor). */
export const donorExportQuerySchema = donorListQuerySchema.pick({
  filters: true,
  sort: true,
  dir: true,
  staticGroup: true,
  organizationId: true,
});
export type DonorExportQuery = z.infer<typeof donorExportQuerySchema>;

export const donorListRowSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  dsRating: z.string().nullable(),
  qualityScore: z.number().nullable(),
  estimatedCapacity: z.number().nullable(),
  totalGiftAmount: z.number().nullable(),
  numberOfGifts: z.number().nullable(),
  lastGiftDate: z.string().nullable(),
  lastGiftAmount: z.number().nullable(),
  age: z.number().nullable(),
  /** Issue 15: the latest contact report's date, and whole days since it (UTC); null when none. */
  lastContactDate: z.string().nullable(),
  daysSinceContact: z.number().nullable(),
  /** First of the five stages with no stage record, or "Complete". */
  currentStage: z.string(),
  /** Issue 15, Portfolios: the donor's relationship manager (the list's Relationship Manager column). */
  relationshipManager: relationshipManagerSchema.nullable(),
});
export type DonorListRow = z.infer<typeof donorListRowSchema>;

export const donorListResponseSchema = z.object({
  rows: z.array(donorListRowSchema),
  /** Exact number of donors matching the filters (and group). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /**
   * Donors of the organisation(s) (and group) before the filters: tells "No donors found" from "No donors match
   * your filters". Given when nothing is filtered (then = total) or nothing matches; null for a filtered list
   * with matches, where no screen needs it and counting the whole organisation again would cost as much as
   * the page (docs/decisions/044-request-cost.md).
   */
  unfilteredTotal: z.number().int().nullable(),
  /** The static group shown, when staticGroup was given. */
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The filters the server applied (normalised). */
  appliedFilters: donorFilterValuesSchema,
});
export type DonorListResponse = z.infer<typeof donorListResponseSchema>;

/**
 * GET /api/donors/ds-ratings: the DS Rating filter's options, apart from the list's pages, which do not
 * change them (docs/decisions/065-ds-ratings-apart-from-the-list.md).
 */
export const donorDsRatingsQuerySchema = donorListQuerySchema.pick({ organizationId: true });
export type DonorDsRatingsQuery = z.infer<typeof donorDsRatingsQuerySchema>;
export const donorDsRatingsResponseSchema = z.object({
  /** DS ratings present in the organisation's data (every organisation's, for an admin naming none), sorted. */
  dsRatings: z.array(z.string()),
});
export type DonorDsRatingsResponse = z.infer<typeof donorDsRatingsResponseSchema>;
