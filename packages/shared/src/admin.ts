import { z } from "zod";
import { INVALID_EMAIL_MESSAGE, newPasswordProblem, PASSWORDS_DO_NOT_MATCH } from "./auth.ts";
import { plural } from "./format.ts";
import { ONBOARDING_STATUSES, ROLE_NAMES } from "./roles.ts";

// ---- wording of docs/RULES.md, Administration, Organisations, Dashboards ----
export const FILL_ALL_FIELDS_MESSAGE = "Please fill in all fields";
export const ORGANIZATION_NAME_REQUIRED_MESSAGE = "Organization name is required";
export const MANAGE_USERS_DENIED_MESSAGE = "You don't have permission to manage users.";
export const MANAGE_USERS_ACCESS_DENIED = "Access Denied - You don't have permission to manage users.";

/**
 * Issue 14: what an approved account without a role reads under Access Denied: who can give it one
 * (docs/RULES.md, Roles). `owners` are its organisation's owners' email addresses (GET /api/me).
 */
export function noRoleNextStep(organizationName: string | null, owners: readonly string[]): string {
  if (!organizationName)
    return "Your account belongs to no organization and has no role yet. A platform administrator can add you to one and give you a role: ask through Support.";
  if (owners.length === 0)
    return `Your account has no role in ${organizationName} yet, and the organization has no owner. A platform administrator can give you a role: ask through Support.`;
  const who = owners.length === 1 ? `its owner, ${owners[0]}` : `one of its owners (${owners.join(", ")})`;
  return `Your account has no role in ${organizationName} yet. Ask ${who}, or a platform administrator, to give you one on User Management.`;
}
export const MANAGE_ORGANIZATIONS_DENIED_MESSAGE = "You don't have permission to manage organizations.";
export const ADMIN_DASHBOARD_DENIED_MESSAGE = "You don't have permission to access the admin dashboard.";
export const ORGANIZATION_NOT_FOUND_FOR_USER = "Organization not found for user.";
export const FAILED_TO_FETCH_ORGANIZATION = "Failed to fetch organization details.";
export const ERROR_LOADING_DASHBOARD = "Error Loading Dashboard";
export const GRANT_ADMIN_DENIED_MESSAGE = "Only administrators can grant the admin role.";
export const USER_CREATE_REFRESH_MS = 1000;
/** Users per page of User Management (issue 13: an installation of many organisations has thousands). */
export const USER_PAGE_SIZE = 50;
/** Applicants shown above the list at once; the rest follow as decisions are made (docs/RULES.md, Administration). */
export const APPLICANTS_SHOWN = 50;

export const userCreatedMessage = (email: string) => `User "${email}" created successfully!`;
export const userApprovedMessage = (email: string) => `User "${email}" approved successfully!`;
export const approvalEmailFailedMessage = (reason: string) =>
  `User approved successfully, but failed to send approval email: ${reason}`;
export const emailTakenMessage = (email: string) => `A user with the email "${email}" already exists.`;
export const organizationNameTakenMessage = (name: string) => `An organization named "${name}" already exists.`;

// ---- user management ----
export const createUserInputSchema = z
  .object({
    email: z.string({ error: FILL_ALL_FIELDS_MESSAGE }).trim().toLowerCase(),
    password: z.string({ error: FILL_ALL_FIELDS_MESSAGE }),
    confirmPassword: z.string({ error: FILL_ALL_FIELDS_MESSAGE }),
    /** Admins may place the new user in an organisation; an owner's users always join the owner's. */
    organizationId: z.string().uuid().nullable().optional(),
  })
  .superRefine((v, ctx) => {
    // The order of docs/RULES.md, Administration: all fields, then match, then length.
    if (!v.email || !v.password || !v.confirmPassword) {
      ctx.addIssue({ code: "custom", message: FILL_ALL_FIELDS_MESSAGE, path: ["email"] });
      return;
    }
    if (!z.email().safeParse(v.email).success || v.email.length > 254) {
      ctx.addIssue({ code: "custom", message: INVALID_EMAIL_MESSAGE, path: ["email"] });
      return;
    }
    const problem = newPasswordProblem(v.password, v.confirmPassword);
    if (problem)
      ctx.addIssue({
        code: "custom",
        message: problem,
        path: [problem === PASSWORDS_DO_NOT_MATCH ? "confirmPassword" : "password"],
      });
  });
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/** The onboarding answers of an applicant, as User Management shows them (issue 11). */
export const applicationSchema = z.object({
  /** The organisation name as the applicant typed it (the account's organisation is `organizationName`). */
  organizationName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  website: z.string().nullable(),
  role: z.string().nullable(),
  otherRole: z.string().nullable(),
  yearsWorked: z.string().nullable(),
  fundraisingTypes: z.array(z.string()),
  otherFundraising: z.string().nullable(),
  numDonors: z.number().nullable(),
  annualBudget: z.string().nullable(),
  fullTimeStaff: z.string().nullable(),
  crmDb: z.string().nullable(),
  softwareComfort: z.string().nullable(),
  aiTools: z.string().nullable(),
  aiToolsText: z.string().nullable(),
  cultivateUse: z.string().nullable(),
  submittedAt: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** First and last name from the newest onboarding form, or null. */
  name: z.string().nullable(),
  /** The newest onboarding answers of a user who is not approved yet (an applicant), else null. */
  application: applicationSchema.nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  createdAt: z.string(),
  onboardingStatus: z.enum(ONBOARDING_STATUSES),
  roles: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const roleSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable() });
export type Role = z.infer<typeof roleSchema>;

export const organizationRefSchema = z.object({ id: z.string(), name: z.string() });
export type OrganizationRef = z.infer<typeof organizationRefSchema>;

export const userListSchema = z.object({
  /** One page of the users that match the search and status, newest first. */
  users: z.array(adminUserSchema),
  /** Exact number of users that match, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * Accounts waiting for a decision in the same scope, whatever the search or page (at most
   * APPLICANTS_SHOWN, newest first); empty unless the caller may decide applications.
   */
  applicants: z.array(adminUserSchema),
  /** Exact number of accounts waiting for a decision. */
  applicantTotal: z.number().int(),
  /**
   * The owner's own organisation, which is all their dropdown offers; for admins, the organisations of
   * the page's users and applicants (an admin's dropdown finds every organisation through
   * `GET /api/admin/organizations/names`, read once and shared with the other pickers).
   */
  organizations: z.array(organizationRefSchema),
  /** How many organisations the caller manages users of (the header's count): all for admins, 1 for owners. */
  organizationTotal: z.number().int(),
  /** Roles the caller may assign. */
  roles: z.array(roleSchema),
  /** The organisation named by ?organizationId (header of the page), or null. */
  organization: organizationRefSchema.nullable(),
  permissions: z.object({ changeOrganization: z.boolean(), grantAdmin: z.boolean(), decideApplications: z.boolean() }),
});
export type UserList = z.infer<typeof userListSchema>;

export const assignRoleInputSchema = z.object({ role: z.enum(ROLE_NAMES, { error: "Please choose a role." }) });
export const setOrganizationInputSchema = z.object({ organizationId: z.string().uuid().nullable() });

export const approveResultSchema = z.object({
  user: adminUserSchema,
  /** true when the user was already approved: nothing changed and no email was sent. */
  alreadyApproved: z.boolean(),
  emailSent: z.boolean(),
  /** Why the approval email failed (the approval stands). */
  emailError: z.string().nullable(),
});
export type ApproveResult = z.infer<typeof approveResultSchema>;

// ---- decline (issue 11) ----
export const DECLINE_APPROVED_USER_MESSAGE = "Only an account that is waiting for approval can be declined.";
export const userDeclinedMessage = (email: string) =>
  `User "${email}" declined. They were removed from the organization and can apply again.`;
export const declineResultSchema = z.object({
  user: adminUserSchema,
  emailSent: z.boolean(),
  emailError: z.string().nullable(),
});
export type DeclineResult = z.infer<typeof declineResultSchema>;

// ---- what an owner may not do to an admin (issue 11: say what actually happened) ----
export const CHANGE_ADMIN_ROLE_DENIED_MESSAGE =
  "This user is an administrator: only administrators can change an administrator's role. Nothing was changed.";
export const REMOVE_ADMIN_ROLE_DENIED_MESSAGE = "Only administrators can remove the admin role. Nothing was changed.";

// ---- organisations ----
export const organizationInputSchema = z.object({
  name: z
    .string({ error: ORGANIZATION_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: ORGANIZATION_NAME_REQUIRED_MESSAGE })
    .max(200, { error: "Organization name must be at most 200 characters long" }),
});

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userCount: z.number(),
  donorCount: z.number(),
  campaignCount: z.number(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** Organisations per page of Organization Management (issue 13; ADR 067). */
export const ORGANIZATION_PAGE_SIZE = 50;

export const organizationListSchema = z.object({
  /** One page of the organisations whose name matches the search, by name. */
  organizations: z.array(organizationSchema),
  /** Exact number of organisations that match, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The System Overview: every organisation's, whatever the search. */
  totals: z.object({ users: z.number(), donors: z.number(), campaigns: z.number() }),
});
export type OrganizationList = z.infer<typeof organizationListSchema>;

/** Every organisation's id and name, by name: what an admin's organisation pickers offer. */
export const organizationNamesSchema = z.object({ organizations: z.array(organizationRefSchema) });
export type OrganizationNames = z.infer<typeof organizationNamesSchema>;

/**
 * Everything deleting an organisation removes (issue 11), counted from the schema's cascade: the
 * preview the delete dialog lists, and the answer of the delete itself. Detached users keep their
 * accounts but lose their organisation roles and go back to onboarding (admins keep admin).
 */
export const organizationDeletionSchema = z.object({
  detachedUsers: z.number(),
  deletedDonors: z.number(),
  deletedCampaigns: z.number(),
  deletedCampaignGoals: z.number(),
  deletedStageRecords: z.number(),
  deletedDonorGroups: z.number(),
  deletedSavedGroups: z.number(),
  deletedImports: z.number(),
  deletedChangeHistory: z.number(),
  deletedSupportIssues: z.number(),
  /** Action history rows stay (the audit trail), no longer filed under an organisation. */
  keptActionHistory: z.number(),
});
export type OrganizationDeletion = z.infer<typeof organizationDeletionSchema>;
export const organizationDeletePreviewSchema = organizationDeletionSchema.extend({
  organization: organizationRefSchema,
});
export type OrganizationDeletePreview = z.infer<typeof organizationDeletePreviewSchema>;
export const deleteOrganizationResultSchema = organizationDeletionSchema.extend({ ok: z.literal(true) });

/** The lines a delete dialog (and the 409 refusal) lists, in one wording. */
export function organizationDeletionLines(d: OrganizationDeletion): string[] {
  const n = plural;
  return [
    `${n(d.deletedDonors, "donor")} with their notes, stage records (${d.deletedStageRecords}) and change history (${n(d.deletedChangeHistory, "entry", "entries")})`,
    `${n(d.deletedCampaigns, "campaign")} and ${n(d.deletedCampaignGoals, "campaign goal")}`,
    `${n(d.deletedDonorGroups, "donor group")} and ${n(d.deletedSavedGroups, "saved filter group")}`,
    `${n(d.deletedImports, "CSV import")} (their reports)`,
    `${n(d.deletedSupportIssues, "support issue")}`,
    `${n(d.detachedUsers, "user")} removed from the organization: they keep their accounts, lose their organization roles and go back to the onboarding form`,
  ];
}

// ---- dashboards ----
export const systemOverviewSchema = z.object({ donors: z.number(), campaigns: z.number(), stagePrompts: z.number() });
export type SystemOverview = z.infer<typeof systemOverviewSchema>;

/** One bar of the pipeline chart: donors whose current stage is `stage`, and their median days in it. */
export const pipelineStageSchema = z.object({
  stage: z.string(),
  donors: z.number(),
  medianDaysInStage: z.number().nullable(),
});
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

export const ownerDashboardSchema = z.object({
  organization: organizationRefSchema,
  activeCampaigns: z.number(),
  totalDonors: z.number(),
  users: z.number(),
  pipeline: z.array(pipelineStageSchema),
});
export type OwnerDashboard = z.infer<typeof ownerDashboardSchema>;

export const officerDashboardSchema = z.object({
  organization: organizationRefSchema,
  ownActiveCampaigns: z.number(),
  ownCampaignsTotal: z.number(),
  donorsInOwnCampaigns: z.number(),
  totalDonors: z.number(),
  users: z.number(),
  /** Donors of the officer's campaigns who finished all five stages. */
  completedDonors: z.number(),
  pipeline: z.array(pipelineStageSchema),
});
export type OfficerDashboard = z.infer<typeof officerDashboardSchema>;
