import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { ADMIN, signIn } from "./fixtures.ts";

/**
 * Organisations, users and donors made through the API for browser tests that build their own
 * organisation (one module: it was two, org-fixtures and donor-fixtures, with the same helpers twice).
 */

export const BASE = `http://127.0.0.1:${E2E_PORT}`;
export const PASSWORD = "secret-pass";
export const SHOTS = process.env.E2E_SHOTS; // a folder: save screenshots there to look at the screens

/** Saves a full-page screenshot when E2E_SHOTS names a folder (to look at the screens). */
export async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** An API client signed in as the bootstrapped admin. */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  const res = await api.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

export async function newOrg(api: APIRequestContext, prefix = "Screens Trust") {
  const name = unique(prefix);
  const res = await api.post("/api/admin/organizations", { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, name };
}

/**
 * More than a page (50) of Organization Management's list, named to sort before any other test's
 * organisation: a picker that read that paged list instead of every name would miss the others.
 */
export async function aPageOfOrganizationsFirst(api: APIRequestContext) {
  for (let i = 0; i < 51; i++) await newOrg(api, "Aardvark Filler");
}

/** A user of the organisation, created by the admin; approved with the role unless told otherwise. */
export async function userIn(
  api: APIRequestContext,
  orgId: string,
  role: string | null,
  opts: { approve?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const email = `${unique(role ?? "plain")}@example.org`;
  const created = await api.post("/api/admin/users", {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, organizationId: orgId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  if (role) expect((await api.put(`/api/admin/users/${user.id}/role`, { data: { role } })).ok()).toBe(true);
  if (opts.approve !== false)
    expect((await api.post(`/api/admin/users/${user.id}/approve`, { data: {} })).ok()).toBe(true);
  return { id: user.id, email };
}

/** An API client signed in as the user. */
export async function apiAs(email: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  const res = await api.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

export async function importAs(api: APIRequestContext, csv: string, fileName: string) {
  const res = await api.post(`/api/donors/imports?fileName=${fileName}`, {
    headers: { "content-type": "text/csv" },
    data: Buffer.from(csv),
  });
  expect(res.status(), await res.text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(async () => ((await (await api.get(`/api/donors/imports/${id}`)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe("completed");
  return id;
}

export const csvOf = (rows: number, prefix: string) =>
  [
    "First Name,Last Name,Client ID",
    ...Array.from({ length: rows }, (_, i) => `${prefix}${i},Family${i},${prefix}-${i}`),
  ].join("\r\n") + "\r\n";

/**
 * An organisation with an approved officer who has imported `rows` donors (csvOf(rows, prefix), or `csv`):
 * the officer, their API client (dispose it), the donors in the list's order and the first one's id.
 */
export async function officerWithDonors(opts: { rows?: number; prefix?: string; csv?: string } = {}) {
  const api = await adminApi();
  const org = await newOrg(api);
  const officer = await userIn(api, org.id, "org_officer");
  await api.dispose();
  const officerApi = await apiAs(officer.email);
  await importAs(officerApi, opts.csv ?? csvOf(opts.rows ?? 1, opts.prefix ?? "Donor"), "donors.csv");
  const res = await officerApi.get("/api/donors");
  expect(res.ok(), await res.text()).toBe(true);
  const donors = ((await res.json()) as { rows: { id: string; firstName: string; lastName: string }[] }).rows;
  expect(donors.length).toBeGreaterThan(0);
  return { org, officer, officerApi, donors, donorId: donors[0]!.id };
}

/** A fresh organisation with an approved user of the given role in it (created by the admin through the API). */
export async function orgWithUser(
  role: "org_manager" | "org_owner" | "org_officer" = "org_manager",
  prefix = "Harbor Trust",
): Promise<{ orgId: string; orgName: string; email: string }> {
  const api = await adminApi();
  const org = await newOrg(api, prefix);
  const { email } = await userIn(api, org.id, role);
  await api.dispose();
  return { orgId: org.id, orgName: org.name, email };
}

/** One CSV row of a research export: the catalogue's labels as headers. */
export type DonorRow = Partial<
  Record<
    | "First Name"
    | "Last Name"
    | "Email"
    | "DS Rating"
    | "Quality Score"
    | "Estimated Capacity"
    | "Last Gift Date"
    | "Age",
    string
  >
>;

const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function donorCsv(rows: DonorRow[]): string {
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))] as (keyof DonorRow)[];
  return [headers.join(","), ...rows.map((r) => headers.map((h) => cell(r[h] ?? "")).join(","))].join("\r\n") + "\r\n";
}

/** Imports donors through the API as the signed-in page user (or into `organizationId`, for an admin) and waits. */
export async function importDonors(page: Page, rows: DonorRow[], organizationId?: string) {
  const target = organizationId ? `&targetOrganizationId=${organizationId}` : "";
  const res = await page.request.post(`/api/donors/imports?fileName=seed.csv${target}`, {
    headers: { "content-type": "text/csv", origin: BASE },
    data: Buffer.from(donorCsv(rows)),
  });
  expect(res.status(), await res.text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/donors/imports/${id}`)).json()) as { status: string }).status,
      { timeout: 20_000 },
    )
    .toBe("completed");
}

/** A new organisation whose manager is signed in on `page`, with these donors imported. */
export async function managerWithDonors(page: Page, rows: DonorRow[]) {
  const who = await orgWithUser("org_manager");
  await signIn(page, who.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await importDonors(page, rows);
  return who;
}
