import { z } from "zod";
import { adminUserSchema } from "../admin.ts";
import { listPageNumber, optionalSearchText } from "../input.ts";
import { ONBOARDING_STATUSES, ROLE_NAMES } from "../roles.ts";

/** A list's search: trimmed, at most 200 characters; empty is no search. */
const searchText = optionalSearchText();
/** A list's page, from 1. */
const listPage = listPageNumber();

/** /api/admin/users/{id}… */
export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(100) });
/** DELETE /api/admin/users/{id}/roles/{role} */
export const adminUserRoleParamsSchema = adminUserParamsSchema.extend({ role: z.enum(ROLE_NAMES) });
/**
 * GET /api/admin/users?organizationId=&q=&status=&page=: `q` is found in the email, the name on the
 * onboarding form or the organisation's name; `status` is the onboarding status.
 */
export const adminUserListQuerySchema = z.object({
  organizationId: z.string().uuid().optional(),
  q: searchText,
  status: z.enum(ONBOARDING_STATUSES).optional(),
  page: listPage,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;
/** The answer of every change to one user. */
export const adminUserResponseSchema = z.object({ user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

/** /api/admin/organizations/{id}… */
export const organizationParamsSchema = z.object({ id: z.string().uuid() });
/** GET /api/admin/organizations?q=&page=: `q` is found in the name. */
export const organizationListQuerySchema = z.object({
  q: searchText,
  page: listPage,
});
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;
/** DELETE /api/admin/organizations/{id}?cascade= */
export const deleteOrganizationQuerySchema = z.object({ cascade: z.enum(["true", "false"]).optional() });
/** An organisation as created or renamed. */
export const organizationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrganizationRow = z.infer<typeof organizationRowSchema>;
