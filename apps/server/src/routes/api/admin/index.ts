import type { FastifyPluginAsync } from "fastify";
import { adminUserRoutes } from "./users.ts";
import { adminOrganizationRoutes } from "./organizations.ts";
import { dashboardRoutes } from "./dashboards.ts";
import { adminOutboxRoutes } from "./outbox.ts";

/** Administration (issue 5): user management, organisations, the admin/owner/officer dashboards, the email outbox. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminUserRoutes);
  await app.register(adminOrganizationRoutes);
  await app.register(dashboardRoutes);
  await app.register(adminOutboxRoutes);
};
