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
