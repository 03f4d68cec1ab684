import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE, PASSWORDS_DO_NOT_MATCH } from "./auth.ts";
import { ONBOARDING_STATUSES, ROLE_NAMES } from "./roles.ts";

// ---- wording quoted from part 2 (§2, §5, §6, §8) ----
export const FILL_ALL_FIELDS_MESSAGE = "Please fill in all fields";
export const ORGANIZATION_NAME_REQUIRED_MESSAGE = "Organization name is required";
export const MANAGE_USERS_DENIED_MESSAGE = "You don't have permission to manage users.";
export const MANAGE_USERS_ACCESS_DENIED = "Access Denied - You don't have permission to manage users.";
export const MANAGE_ORGANIZATIONS_DENIED_MESSAGE = "You don't have permission to manage organizations.";
export const ADMIN_DASHBOARD_DENIED_MESSAGE = "You don't have permission to access the admin dashboard.";
export const ORGANIZATION_NOT_FOUND_FOR_USER = "Organization not found for user.";
export const FAILED_TO_FETCH_ORGANIZATION = "Failed to fetch organization details.";
export const ERROR_LOADING_DASHBOARD = "Error Loading Dashboard";
export const GRANT_ADMIN_DENIED_MESSAGE = "Only administrators can grant the admin role.";
export const USER_CREATE_REFRESH_MS = 1000;

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
    // The order of part 2 §5: all fields, then match, then length.
    if (!v.email || !v.password || !v.confirmPassword) {
      ctx.addIssue({ code: "custom", message: FILL_ALL_FIELDS_MESSAGE, path: ["email"] });
      return;
    }
    if (!z.email().safeParse(v.email).success || v.email.length > 254) {
      ctx.addIssue({ code: "custom", message: "Please enter a valid email address.", path: ["email"] });
      return;
    }
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });
      return;
    }
    if (v.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", message: PASSWORD_TOO_SHORT_MESSAGE, path: ["password"] });
      return;
    }
    if (v.password.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`, path: ["password"] });
    }
  });
export type CreateUserInput = z.input<typeof createUserInputSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
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
  users: z.array(adminUserSchema),
  /** Organisations the dropdown offers (all for admins; the owner's own for owners). */
  organizations: z.array(organizationRefSchema),
  /** Roles the caller may assign. */
  roles: z.array(roleSchema),
  /** The organisation named by ?organizationId (header of the page), or null. */
  organization: organizationRefSchema.nullable(),
  permissions: z.object({ changeOrganization: z.boolean(), grantAdmin: z.boolean() }),
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

export const organizationListSchema = z.object({
  organizations: z.array(organizationSchema),
  totals: z.object({ users: z.number(), donors: z.number(), campaigns: z.number() }),
});
export type OrganizationList = z.infer<typeof organizationListSchema>;

export const deleteOrganizationResultSchema = z.object({
  ok: z.literal(true),
  detachedUsers: z.number(),
  deletedDonors: z.number(),
  deletedCampaigns: z.number(),
});

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
