/**
 * The contracts move (issue 12 item 4) changes where route schemas are declared, never which routes exist:
 * the OpenAPI document at /api/docs lists exactly these /api routes (better-auth's /api/auth/* aside), and
 * every one of them documents its answers. A route added or removed on purpose is added or removed here too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.ts";

const EXPECTED_ROUTES = [
  "DELETE /api/admin/organizations/{id}",
  "DELETE /api/admin/users/{id}/roles/{role}",
  "DELETE /api/campaigns/{id}",
  "DELETE /api/donor-groups/{id}",
  "DELETE /api/donors/{id}/contact-reports/{reportId}",
  "DELETE /api/donors/{id}/stages",
  "DELETE /api/issues/{id}",
  "DELETE /api/saved-donor-groups/{id}",
  "GET /api/actions",
  "GET /api/actions/export",
  "GET /api/actions/filter-options",
  "GET /api/actions/summary",
  "GET /api/admin/organizations",
  "GET /api/admin/organizations/names",
  "GET /api/admin/outbox",
  "GET /api/admin/outbox/{id}",
  "GET /api/admin/organizations/{id}/delete-preview",
  "GET /api/admin/overview",
  "GET /api/admin/users",
  "GET /api/campaigns",
  "GET /api/campaigns/{id}/donors",
  "GET /api/campaigns/{id}/board",
  "GET /api/campaigns/{id}/board/columns/{stage}",
  "POST /api/campaigns/{id}/board/moves",
  "GET /api/config",
  "GET /api/dashboards/officer",
  "GET /api/dashboards/owner",
  "GET /api/dashboards/portfolios",
  "GET /api/donor-groups",
  "GET /api/donors",
  "GET /api/donors/ds-ratings",
  "GET /api/donors/export",
  "GET /api/donors/imports",
  "GET /api/donors/imports/{id}",
  "GET /api/donors/relationship-managers",
  "GET /api/donors/{id}",
  "GET /api/donors/{id}/contact-reports",
  "GET /api/donors/{id}/stage-workspace",
  "GET /api/health",
  "GET /api/issues",
  "GET /api/issues/{id}",
  "GET /api/me",
  "GET /api/prompts",
  "GET /api/prompts/{stage}/versions",
  "GET /api/saved-donor-groups",
  "GET /api/settings/ai-provider",
  "PATCH /api/campaigns/{id}",
  "PATCH /api/issues/{id}",
  "POST /api/admin/organizations",
  "POST /api/admin/users",
  "POST /api/admin/users/{id}/approve",
  "POST /api/admin/users/{id}/decline",
  "POST /api/campaigns",
  "POST /api/donor-groups",
  "POST /api/donor-groups/{id}/members",
  "POST /api/donor-groups/{id}/members/remove",
  "POST /api/donors/imports",
  "POST /api/donors/relationship-manager",
  "POST /api/donors/{id}/next-steps",
  "POST /api/donors/imports/{id}/undo",
  "POST /api/donors/{id}/contact-reports",
  "POST /api/donors/{id}/stages/generate",
  "POST /api/donors/{id}/stages/preview",
  "POST /api/functions/generatePrompt",
  "POST /api/functions/trackAction",
  "POST /api/functions/updateAction",
  "POST /api/issues",
  "POST /api/onboarding",
  "POST /api/prompts/{stage}/restore",
  "POST /api/saved-donor-groups",
  "POST /api/test-email",
  "PUT /api/admin/organizations/{id}",
  "PUT /api/admin/users/{id}/organization",
  "PUT /api/admin/users/{id}/role",
  "PUT /api/donors/{id}/campaign-goals/{campaignId}",
  "PUT /api/donors/{id}/contact-reports/{reportId}",
  "PUT /api/donors/{id}/notes",
  "PUT /api/donors/{id}/relationship-manager",
  "GET /api/next-steps",
  "GET /api/account/calendar-feed",
  "POST /api/account/calendar-feed",
  "DELETE /api/account/calendar-feed",
  "GET /api/calendar/{token}",
  "GET /api/donors/{id}/next-steps",
  "PATCH /api/next-steps/{id}",
  "DELETE /api/next-steps/{id}",
  "PUT /api/prompts/{stage}",
  "GET /api/today",
  "GET /api/organization/settings",
  "PUT /api/organization/settings",
  "GET /api/account/digest",
  "PUT /api/account/digest",
  "DELETE /api/account/digest",
  "PUT /api/settings/ai-provider",
];

/** Streamed answers (CSV, NDJSON): only the errors answered before the stream starts are documented. */
const STREAMED = new Set(["GET /api/donors/export", "POST /api/donors/{id}/stages/generate"]);

type Operation = { responses?: Record<string, unknown> };
let t: TestApp;
let operations: Map<string, Operation>;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request("GET", "/api/docs/json");
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  operations = new Map();
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/") || path.startsWith("/api/auth/")) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (["get", "post", "put", "patch", "delete"].includes(method))
        operations.set(`${method.toUpperCase()} ${path}`, op);
    }
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("OpenAPI routes", () => {
  it("lists the same /api routes at /api/docs", () => {
    expect([...operations.keys()].sort()).toEqual([...EXPECTED_ROUTES].sort());
  });

  it("documents a success answer for every route but the streamed ones", () => {
    const missing = [...operations].filter(
      ([key, op]) => !STREAMED.has(key) && !Object.keys(op.responses ?? {}).some((status) => status.startsWith("2")),
    );
    expect(missing.map(([key]) => key)).toEqual([]);
  });
});
