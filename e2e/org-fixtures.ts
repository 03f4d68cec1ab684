import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { ADMIN } from "./fixtures.ts";

/**
 * Organisations, users and donors made through the API for browser tests that build their own
 * organisation (screens.spec.ts, next-steps.spec.ts).
 */

export const BASE = `http://127.0.0.1:${E2E_PORT}`;
export const PASSWORD = "secret-pass";
export const SHOTS = process.env.E2E_SHOTS; // a folder: save screenshots there to look at the screens

/** Saves a full-page screenshot when E2E_SHOTS names a folder (to look at the screens). */
export async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

export async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  const res = await api.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

export async function newOrg(api: APIRequestContext) {
  const name = unique("Screens Trust");
  const res = await api.post("/api/admin/organizations", { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, name };
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
