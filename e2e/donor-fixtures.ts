import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { ADMIN, signIn, uniqueEmail } from "./fixtures.ts";

export const BASE = `http://127.0.0.1:${E2E_PORT}`;
export const PASSWORD = "secret-pass";

/** An API client signed in as the bootstrapped admin. */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  const res = await api.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

/** A fresh organisation with an approved user of the given role in it (created by the admin through the API). */
export async function orgWithUser(
  role: "org_manager" | "org_owner" | "org_officer" = "org_manager",
  prefix = "Harbor Trust",
): Promise<{ orgId: string; orgName: string; email: string }> {
  const api = await adminApi();
  const orgName = `${prefix} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const org = await api.post("/api/admin/organizations", { data: { name: orgName } });
  expect(org.status(), await org.text()).toBe(201);
  const { id: orgId } = (await org.json()) as { id: string };
  const email = uniqueEmail(role);
  const created = await api.post("/api/admin/users", {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, organizationId: orgId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  expect((await api.put(`/api/admin/users/${user.id}/role`, { data: { role } })).ok()).toBe(true);
  expect((await api.post(`/api/admin/users/${user.id}/approve`, { data: {} })).ok()).toBe(true);
  await api.dispose();
  return { orgId, orgName, email };
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
