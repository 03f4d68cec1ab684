import { z } from "zod";
import type { PolicyActor } from "./actor.ts";
import { can } from "./rules.ts";

/**
 * The actor's permissions as /api/me sends them: the answers of the record-free rules the browser
 * gates pages, links and controls on. The browser reads these and never re-derives them from roles.
 */
export const ACTOR_PERMISSIONS = [
  "viewDonors",
  "manageCampaigns",
  "viewAllCampaigns",
  "manageUsers",
  "viewActionHistory",
  "changeAiProvider",
  "editPrompts",
  "manageOrganizations",
  "readEmailOutbox",
  "viewAdminDashboard",
  "viewOwnerDashboard",
  "viewOfficerDashboard",
  "seeAllOrganizations",
  "assignRelationshipManagers",
  "seeAnyonesNextSteps",
  "viewCampaignBoard",
  "moveBoardCards",
  "manageOrganizationSettings",
] as const satisfies readonly (keyof typeof can)[];
export type ActorPermission = (typeof ACTOR_PERMISSIONS)[number];

export const actorPermissionsSchema = z.object(
  Object.fromEntries(ACTOR_PERMISSIONS.map((p) => [p, z.boolean()])) as Record<ActorPermission, z.ZodBoolean>,
);
export type ActorPermissions = z.infer<typeof actorPermissionsSchema>;

export function permissionsOf(actor: PolicyActor): ActorPermissions {
  return Object.fromEntries(ACTOR_PERMISSIONS.map((p) => [p, can[p](actor)])) as ActorPermissions;
}

/**
 * What the actor's roles will allow once the account is approved. Issue 11: a page the roles open
 * shows an account waiting for approval the approval wait (not Access Denied), so the browser needs
 * both answers; for an approved account they are the same.
 */
export const permissionsOnceApproved = (actor: PolicyActor): ActorPermissions =>
  permissionsOf({ ...actor, onboardingStatus: "approved" });
