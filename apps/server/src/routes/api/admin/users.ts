import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import {
  CHANGE_ADMIN_ROLE_DENIED_MESSAGE,
  DECLINE_APPROVED_USER_MESSAGE,
  GRANT_ADMIN_DENIED_MESSAGE,
  MANAGE_USERS_DENIED_MESSAGE,
  REMOVE_ADMIN_ROLE_DENIED_MESSAGE,
  declineResultSchema,
  ROLE_NAMES,
  adminUserListQuerySchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUserRoleParamsSchema,
  approveResultSchema,
  assignRoleInputSchema,
  createUserInputSchema,
  losesOwnerRole,
  setOrganizationInputSchema,
  userListSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { conflict, forbidden, notFound } from "../../../lib/errors.ts";
import { assertKeepsAnOwner, assertManagesUser, authorize, can, organizationScope } from "../../../policy/policy.ts";
import {
  approve,
  assignRole,
  decline,
  otherApprovedOwners,
  createUser,
  findUser,
  listRoles,
  listUsers,
  onboardingNames,
  organizationRefs,
  removeRole,
  setUserOrganization,
} from "../../../services/admin/users.ts";
import { approvalEmail } from "../../../services/admin/approval-email.ts";
import { applicationDeclinedEmail } from "../../../mail/templates.ts";
import { actorOf, guard } from "../../../policy/guard.ts";
import { trackRefused } from "../../../services/activity/track.ts";

const OWN_ADMIN_ROLE_MESSAGE = "You cannot remove your own admin role.";
const userParams = adminUserParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** User management (docs/RULES.md, Administration): admins everywhere, org owners in their own organisation. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = guard(app, can.manageUsers, MANAGE_USERS_DENIED_MESSAGE);

  app.get("/admin/users", {
    schema: {
      tags: ["administration"],
      summary: "Users with organisation, status, roles and two-factor state; owners see their organisation's only",
      querystring: adminUserListQuerySchema,
      response: { 200: userListSchema, ...errors },
    },
    preValidation: managers,
    handler: async (request) => {
      const actor = await actorOf(app, request);
      const isAdmin = can.administer(actor);
      // Admins see everyone unless they name an organisation; owners only ever their own.
      const organizationId =
        isAdmin && !request.query.organizationId ? null : organizationScope(actor, request.query.organizationId);
      const organization = organizationId ? (await organizationRefs(app, organizationId))[0] : null;
      if (organizationId && !organization) throw notFound("Organization not found.");
      const allRoles = await listRoles(app);
      return {
        users: await listUsers(app, organizationId),
        organizations: await organizationRefs(app, isAdmin ? null : organizationId),
        roles: allRoles.filter(
          (r) =>
            (ROLE_NAMES as readonly string[]).includes(r.name) &&
            can.grantRole(actor, r.name as (typeof ROLE_NAMES)[number]),
        ),
        organization: organization ?? null,
        permissions: {
          changeOrganization: can.changeUserOrganization(actor),
          grantAdmin: can.grantAdmin(actor),
          decideApplications: can.decideApplications(actor),
        },
      };
    },
  });

  app.post("/admin/users", {
    schema: {
      tags: ["administration"],
      summary: "Create a user (email, password, confirm password); an owner's new user joins the owner's organisation",
      body: createUserInputSchema,
      response: { 201: adminUserResponseSchema, ...errors },
    },
    preValidation: managers,
    onError: trackRefused(app, { actionType: "system", actionName: "user_create", resourceType: "user" }),
    handler: async (request, reply) => {
      const actor = await actorOf(app, request);
      const { email, password, organizationId: requested } = request.body;
      const organizationId = can.administer(actor) ? (requested ?? null) : organizationScope(actor, requested);
      if (organizationId && !(await organizationRefs(app, organizationId))[0])
        throw notFound("Organization not found.");
      const user = await app.activity.around(
        actor,
        request,
        {
          organizationId,
          actionType: "system",
          actionName: "user_create",
          resourceType: "user",
          details: { email, organizationId },
        },
        () => createUser(app, { email, password, organizationId }),
        (created) => ({ resourceId: created.id }),
      );
      return reply.code(201).send({ user });
    },
  });

  app.put("/admin/users/:id/role", {
    schema: {
      tags: ["administration"],
      summary: "Give the user this role; it replaces the roles they held (one role per user)",
      params: userParams,
      body: assignRoleInputSchema,
      response: { 200: adminUserResponseSchema, ...errors },
    },
    preValidation: managers,
    handler: async (request) => {
      const actor = await actorOf(app, request);
      const target = await findUser(app, request.params.id);
      assertManagesUser(actor, target);
      const { role } = request.body;
      if (!can.grantRole(actor, role)) throw forbidden(GRANT_ADMIN_DENIED_MESSAGE);
      // Replacing an admin's role would take admin away: only admins may do that, and never their own.
      if (!can.changeRolesOf(actor, target!)) throw forbidden(CHANGE_ADMIN_ROLE_DENIED_MESSAGE);
      if (!can.keepOwnAdminOnAssign(actor, target!, role)) throw forbidden(OWN_ADMIN_ROLE_MESSAGE);
      if (losesOwnerRole.byAssigning(role)) {
        assertKeepsAnOwner(actor, target!, {
          losesOwner: true,
          otherApprovedOwners: await otherApprovedOwners(app, target!.organizationId, target!.id),
        });
      }
      await assignRole(app, target!.id, role);
      app.activity.record(actor, request, {
        organizationId: target!.organizationId,
        actionType: "system",
        actionName: "user_role_assign",
        resourceType: "user",
        resourceId: target!.id,
        details: { role, previous: target!.roles },
      });
      return { user: (await findUser(app, target!.id))! };
    },
  });

  app.delete("/admin/users/:id/roles/:role", {
    schema: {
      tags: ["administration"],
      summary: "Remove one role from the user",
      params: adminUserRoleParamsSchema,
      response: { 200: adminUserResponseSchema, ...errors },
    },
    preValidation: managers,
    handler: async (request) => {
      const actor = await actorOf(app, request);
      const target = await findUser(app, request.params.id);
      assertManagesUser(actor, target);
      const { role } = request.params;
      if (!can.revokeRole(actor, role)) throw forbidden(REMOVE_ADMIN_ROLE_DENIED_MESSAGE);
      // An admin's roles are the admins' business (the same rule as changing them).
      if (!can.changeRolesOf(actor, target!)) throw forbidden(CHANGE_ADMIN_ROLE_DENIED_MESSAGE);
      // An admin cannot lock themselves out of administration.
      if (!can.keepOwnAdminOnRemove(actor, target!, role)) throw forbidden(OWN_ADMIN_ROLE_MESSAGE);
      if (losesOwnerRole.byRemoving(role)) {
        assertKeepsAnOwner(actor, target!, {
          losesOwner: true,
          otherApprovedOwners: await otherApprovedOwners(app, target!.organizationId, target!.id),
        });
      }
      if (!(await removeRole(app, target!.id, role))) throw notFound("The user does not have this role.");
      app.activity.record(actor, request, {
        organizationId: target!.organizationId,
        actionType: "system",
        actionName: "user_role_remove",
        resourceType: "user",
        resourceId: target!.id,
        details: { role },
      });
      return { user: (await findUser(app, target!.id))! };
    },
  });

  app.put("/admin/users/:id/organization", {
    schema: {
      tags: ["administration"],
      summary: "Move the user to an organisation, or to none (admins only)",
      params: userParams,
      body: setOrganizationInputSchema,
      response: { 200: adminUserResponseSchema, ...errors },
    },
    preValidation: managers,
    handler: async (request) => {
      const actor = await actorOf(app, request);
      const target = await findUser(app, request.params.id);
      assertManagesUser(actor, target);
      if (!can.changeUserOrganization(actor))
        throw forbidden("Only administrators can move users between organizations.");
      await setUserOrganization(app, target!.id, request.body.organizationId);
      // Filed under both organisations concerned: the one the user left and the one they joined.
      const concerned = [...new Set([target!.organizationId, request.body.organizationId])].filter((id): id is string =>
        Boolean(id),
      );
      for (const organizationId of concerned.length ? concerned : [null]) {
        app.activity.record(actor, request, {
          organizationId,
          actionType: "system",
          actionName: "user_organization_change",
          resourceType: "user",
          resourceId: target!.id,
          details: { from: target!.organizationId, to: request.body.organizationId },
        });
      }
      return { user: (await findUser(app, target!.id))! };
    },
  });

  /** The decision stands whatever happens to its email; the answer says whether it went and why not. */
  async function sendDecisionEmail(
    request: FastifyRequest,
    kind: "approval" | "decline",
    message: () => Promise<Parameters<typeof app.mailer.send>[0]>,
  ) {
    let emailSent = false;
    let emailError: string | null = null;
    try {
      const result = await app.mailer.send(await message());
      emailSent = result.delivered || result.status === "stored";
      if (result.error) emailError = result.error;
    } catch (err) {
      request.log.error({ err }, `${kind} email failed`);
      emailError = err instanceof Error ? err.message : "Network error";
    }
    return { emailSent, emailError };
  }

  app.post("/admin/users/:id/approve", {
    schema: {
      tags: ["administration"],
      summary: "Approve a pending or submitted user and email them; approving an approved user changes nothing",
      params: userParams,
      response: { 200: approveResultSchema, ...errors },
    },
    preValidation: managers,
    handler: async (request) => {
      const actor = await actorOf(app, request);
      authorize(actor, can.decideApplications, MANAGE_USERS_DENIED_MESSAGE);
      const target = await findUser(app, request.params.id);
      assertManagesUser(actor, target);
      const changed = await approve(app, target!.id);
      if (!changed) {
        return {
          user: (await findUser(app, target!.id))!,
          alreadyApproved: true,
          emailSent: false,
          emailError: null,
        };
      }
      // The approval stands whatever happens to the email (docs/RULES.md, Onboarding and approval).
      const { emailSent, emailError } = await sendDecisionEmail(request, "approval", async () =>
        approvalEmail({ userEmail: target!.email, ...(await onboardingNames(app, target!.id)) }, app.config.appUrl),
      );
      app.activity.record(actor, request, {
        organizationId: target!.organizationId,
        actionType: "system",
        actionName: "user_approve",
        resourceType: "user",
        resourceId: target!.id,
        details: { email: target!.email, emailSent, emailError },
      });
      return { user: (await findUser(app, target!.id))!, alreadyApproved: false, emailSent, emailError };
    },
  });

  app.post("/admin/users/:id/decline", {
    schema: {
      tags: ["administration"],
      summary:
        "Decline an applicant: removed from the organisation, organisation roles taken away, onboarding status back to pending (may apply again), emailed",
      params: userParams,
      response: { 200: declineResultSchema, ...errors },
    },
    preValidation: managers,
    handler: async (request) => {
      const actor = await actorOf(app, request);
      authorize(actor, can.decideApplications, MANAGE_USERS_DENIED_MESSAGE);
      const target = await findUser(app, request.params.id);
      assertManagesUser(actor, target);
      if (target!.onboardingStatus === "approved") throw conflict(DECLINE_APPROVED_USER_MESSAGE);
      const { declined } = await decline(app, target!.id);
      if (!declined) throw conflict(DECLINE_APPROVED_USER_MESSAGE);
      const { emailSent, emailError } = await sendDecisionEmail(request, "decline", async () =>
        applicationDeclinedEmail(target!.email, target!.organizationName, app.config.appUrl),
      );
      app.activity.record(actor, request, {
        organizationId: target!.organizationId,
        actionType: "system",
        actionName: "user_decline",
        resourceType: "user",
        resourceId: target!.id,
        details: {
          email: target!.email,
          organizationId: target!.organizationId,
          organizationName: target!.organizationName,
          previousRoles: target!.roles,
          emailSent,
          emailError,
        },
      });
      return { user: (await findUser(app, target!.id))!, emailSent, emailError };
    },
  });
};
