import { z } from "zod";
import { plural } from "../format.ts";

/** Portfolios (issue 15; docs/RULES.md, Portfolios): who manages a donor, and assigning them. */

/** The most donors one bulk assignment takes (the list's selection is a page or a few). */
export const PORTFOLIO_BULK_MAX = 1000;

export const PORTFOLIO_MESSAGES = {
  forbidden: "Only owners and managers can assign relationship managers.",
  ineligible: "That user can't manage donors here: choose an officer, manager or owner of the donor's organization.",
  oneOrganization: "The selected donors must all belong to one organization.",
  assigned: (name: string) => `Relationship manager set to ${name}.`,
  unassigned: "Relationship manager removed.",
  bulkAssigned: (n: number, name: string) => `Assigned ${plural(n, "donor")} to ${name}.`,
  bulkUnassigned: (n: number) => `Removed the relationship manager from ${plural(n, "donor")}.`,
  dashboardForbidden: "Only owners and managers can view portfolios.",
} as const;

/** A relationship manager as the donor page and list show them. */
export const relationshipManagerSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() });
export type RelationshipManager = z.infer<typeof relationshipManagerSchema>;

/** PUT /api/donors/{id}/relationship-manager: a user id, or null to leave the donor unassigned. */
export const relationshipManagerInputSchema = z.object({ userId: z.string().min(1).max(200).nullable() });
export const relationshipManagerResponseSchema = z.object({
  relationshipManager: relationshipManagerSchema.nullable(),
  message: z.string(),
});

/** POST /api/donors/relationship-manager: the same for a list of donors of one organisation. */
export const bulkRelationshipManagerInputSchema = z.object({
  donorIds: z.array(z.string().uuid()).min(1).max(PORTFOLIO_BULK_MAX),
  userId: z.string().min(1).max(200).nullable(),
});
export const bulkRelationshipManagerResponseSchema = z.object({
  updated: z.number().int(),
  relationshipManager: relationshipManagerSchema.nullable(),
  message: z.string(),
});

/**
 * The import's optional relationship manager column (docs/RULES.md, Portfolios): a user's email. The
 * donor field catalogue has no field for it (it names a user, not a value of the research export), so
 * its headers live here; header matching is the catalogue's (case, spaces and BOM ignored).
 */
export const RELATIONSHIP_MANAGER_HEADERS = [
  "Relationship Manager Email",
  "Relationship Manager",
  "Relationship Manager E-mail",
  "RM Email",
] as const;
/** The list column and the export column (the manager's email). */
export const RELATIONSHIP_MANAGER_LABEL = "Relationship Manager";

/** The import's problem when the column names nobody who may manage donors here (one sentence). */
export const relationshipManagerImportProblem = (email: string) =>
  `"${email}" is not an officer, manager or owner of this organization; the donor was imported without a relationship manager.`;

/** GET /api/donors/relationship-managers: who may be given donors (the picker, the filter, the chip). */
export const relationshipManagersQuerySchema = z.object({ organizationId: z.string().uuid().optional() });
export const relationshipManagersResponseSchema = z.object({ managers: z.array(relationshipManagerSchema) });
export type RelationshipManagersResponse = z.infer<typeof relationshipManagersResponseSchema>;

/** How many donors the dashboard lists as unassigned with the highest capacity. */
export const PORTFOLIO_TOP_UNASSIGNED = 10;

/** GET /api/dashboards/portfolios: portfolio sizes and capacity per manager, and the unassigned donors. */
export const portfolioDashboardSchema = z.object({
  organizationId: z.string(),
  /** One row per relationship manager with donors, largest total capacity first. */
  portfolios: z.array(relationshipManagerSchema.extend({ donors: z.number().int(), capacity: z.number() })),
  unassigned: z.object({ donors: z.number().int(), capacity: z.number() }),
  /** Unassigned donors with the highest Estimated Capacity (PORTFOLIO_TOP_UNASSIGNED). */
  topUnassigned: z.array(
    z.object({
      id: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      estimatedCapacity: z.number().nullable(),
    }),
  ),
});
export type PortfolioDashboard = z.infer<typeof portfolioDashboardSchema>;
