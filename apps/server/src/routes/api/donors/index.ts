import type { FastifyPluginAsync } from "fastify";
import { contactReportRoutes } from "./contact-reports.ts";
import { donorGroupRoutes } from "./groups.ts";
import { donorImportRoutes } from "./imports.ts";
import { donorListRoutes } from "./list.ts";
import { donorRecordRoutes } from "./record.ts";

/** Issue 3: donor list, export, record and notes, CSV import jobs, static and saved groups. See docs/api/donors.md. */
export const donorRoutes: FastifyPluginAsync = async (app) => {
  await app.register(donorListRoutes);
  await app.register(donorImportRoutes);
  await app.register(donorRecordRoutes);
  await app.register(donorGroupRoutes);
  await app.register(contactReportRoutes);
};
