import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MANAGE_USERS_DENIED_MESSAGE,
  declineResultSchema,
  adminUserListQuerySchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUserRoleParamsSchema,
  approveResultSchema,
  assignRoleInputSchema,
  createUserInputSchema,
  setOrganizationInputSchema,
  userListSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { can } from "../../../policy/policy.ts";
import {
  approveUser,
  assignRole,
  createUser,
  declineUser,
  removeRole,
  setUserOrganization,
  userManagementList,
} from "../../../services/admin/users.ts";
import { actorOf, guard } from "../../../policy/guard.ts";
import { trackRefused } from "../../../services/activity/track.ts";

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
    handler: async (request) => userManagementList(app, await actorOf(app, request), request.query),
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
      const user = await createUser(app, await actorOf(app, request), request, request.body);
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
    handler: async (request) => ({
      user: await assignRole(app, await actorOf(app, request), request, request.params.id, request.body.role),
    }),
  });

  app.delete("/admin/users/:id/roles/:role", {
    schema: {
      tags: ["administration"],
      summary: "Remove one role from the user",
      params: adminUserRoleParamsSchema,
      response: { 200: adminUserResponseSchema, ...errors },
    },
    preValidation: managers,
    handler: async (request) => ({
      user: await removeRole(app, await actorOf(app, request), request, request.params.id, request.params.role),
    }),
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
    handler: async (request) => ({
      user: await setUserOrganization(
        app,
        await actorOf(app, request),
        request,
        request.params.id,
        request.body.organizationId,
      ),
    }),
  });

  app.post("/admin/users/:id/approve", {
    schema: {
      tags: ["administration"],
      summary: "Approve a pending or submitted user and email them; approving an approved user changes nothing",
      params: userParams,
      response: { 200: approveResultSchema, ...errors },
    },
    preValidation: managers,
    handler: async (request) => approveUser(app, await actorOf(app, request), request, request.params.id),
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
    handler: async (request) => declineUser(app, await actorOf(app, request), request, request.params.id),
  });
};
