import type { FastifyInstance, FastifyRequest } from "fastify";
import type {
  OrganizationDeletePreview,
  OrganizationDeletion,
  OrganizationList,
  OrganizationListQuery,
  OrganizationNames,
  OrganizationRow,
} from "@cultivate/shared";
import { ORGANIZATION_PAGE_SIZE, organizationDeletionLines, organizationNameTakenMessage } from "@cultivate/shared";
import { conflict, notFound } from "../../lib/errors.ts";
import type { Actor } from "../../policy/actor.ts";

/**
 * Organisation management (docs/RULES.md, Organisations), over `app.repos.organizations`. The route's
 * guard has let in an admin; each change here is timed and recorded in the action history.
 */

const present = (r: { id: string; name: string; createdAt: Date; updatedAt: Date }): OrganizationRow => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * One page of organisations by name (ORGANIZATION_PAGE_SIZE), those whose name contains `q`, each with
 * its user, donor and campaign counts, and the System Overview totals (ADR 067).
 */
export async function listOrganizations(app: FastifyInstance, query: OrganizationListQuery): Promise<OrganizationList> {
  const list = await app.repos.organizations.list({
    q: query.q,
    offset: (query.page - 1) * ORGANIZATION_PAGE_SIZE,
    limit: ORGANIZATION_PAGE_SIZE,
  });
  return { ...list, page: query.page, pageSize: ORGANIZATION_PAGE_SIZE };
}

/** Every organisation's id and name, by name: the admin's organisation pickers. */
export async function organizationNames(app: FastifyInstance): Promise<OrganizationNames> {
  return { organizations: await app.repos.organizations.names() };
}

async function assertNameFree(app: FastifyInstance, name: string, exceptId?: string) {
  if (await app.repos.organizations.nameTaken(name, exceptId)) throw conflict(organizationNameTakenMessage(name));
}

/** The unique index is the final word when two requests race; its violation is reported the same way. */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

async function insertOrganization(app: FastifyInstance, name: string) {
  await assertNameFree(app, name);
  try {
    return await app.repos.organizations.insert(name);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(organizationNameTakenMessage(name));
    throw err;
  }
}

async function renameExisting(app: FastifyInstance, id: string, name: string) {
  const existing = await app.repos.organizations.find(id);
  if (!existing) throw notFound("Organization not found.");
  if (existing.name === name) return existing;
  await assertNameFree(app, name, id);
  try {
    return await app.repos.organizations.rename(id, name);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(organizationNameTakenMessage(name));
    throw err;
  }
}

export async function createOrganization(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  name: string,
): Promise<OrganizationRow> {
  const row = await app.activity.around(
    actor,
    request,
    {
      organizationId: null,
      actionType: "system",
      actionName: "organization_create",
      resourceType: "organization",
      details: { name },
    },
    () => insertOrganization(app, name),
    (created) => ({ organizationId: created.id, resourceId: created.id }),
  );
  return present(row);
}

export async function renameOrganization(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  id: string,
  name: string,
): Promise<OrganizationRow> {
  const row = await app.activity.around(
    actor,
    request,
    // Filed under the organisation once it is known to exist; a refused rename stays with the admins (null).
    {
      organizationId: null,
      actionType: "system",
      actionName: "organization_update",
      resourceType: "organization",
      resourceId: id,
      details: { name },
    },
    () => renameExisting(app, id, name),
    (renamed) => ({ organizationId: renamed.id }),
  );
  return present(row);
}

/**
 * Everything deleting the organisation removes, counted along the schema's cascade (issue 11):
 * donors (their stage records, change history and group memberships go with them), campaigns and
 * their goals, donor groups, saved filter groups, CSV imports (with their reports), support issues.
 * Users are detached; action history rows stay (organisation set to null).
 */
export async function deletePreview(app: FastifyInstance, id: string): Promise<OrganizationDeletePreview> {
  const existing = await app.repos.organizations.find(id);
  if (!existing) throw notFound("Organization not found.");
  return {
    organization: { id: existing.id, name: existing.name },
    ...(await app.repos.organizations.deletionFigures(id)),
  };
}

/**
 * Deletes an organisation. While it still has anything (users, donors, campaigns, groups, imports,
 * issues…) it is refused (409, listing what would go) unless `cascade` is set: then everything the
 * preview lists is deleted, in one transaction, and its users are detached: they keep their accounts,
 * lose their organisation roles and go back to onboarding status pending, so the onboarding path is
 * open to them again (an admin keeps admin and stays approved).
 */
async function deleteExisting(app: FastifyInstance, id: string, cascade: boolean): Promise<OrganizationDeletion> {
  const existing = await app.repos.organizations.find(id);
  if (!existing) throw notFound("Organization not found.");
  const figures = await app.repos.organizations.deletionFigures(id);
  const { keptActionHistory: _kept, ...removed } = figures;
  if (!cascade && Object.values(removed).some((v) => v > 0)) {
    throw conflict(
      `"${existing.name}" still has data. Deleting it removes: ${organizationDeletionLines(figures).join("; ")}. ` +
        `Confirm the cascade to delete it.`,
    );
  }
  return app.repos.organizations.deleteCascade(id);
}

export async function deleteOrganization(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  id: string,
  cascade: boolean,
) {
  const result = await app.activity.around(
    actor,
    request,
    // The organisation is gone afterwards: the row belongs to no organisation (admins see it).
    {
      organizationId: null,
      actionType: "system",
      actionName: "organization_delete",
      resourceType: "organization",
      resourceId: id,
      details: { cascade },
    },
    () => deleteExisting(app, id, cascade),
  );
  return { ok: true as const, ...result };
}
