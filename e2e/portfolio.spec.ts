// Issue 15, Portfolios (docs/RULES.md, Portfolios): assigning relationship managers on a donor and in bulk, the
// officer's list opening on their own portfolio, the Portfolio chip, and the owner dashboard's portfolio table.
import { expect, test, type Page } from "@playwright/test";
import { BASE, PASSWORD, adminApi, importDonors, orgWithUser, type DonorRow } from "./org-fixtures.ts";
import { signIn, uniqueEmail } from "./fixtures.ts";

const DONORS: DonorRow[] = [
  { "First Name": "Ada", "Last Name": "Alpha", "Estimated Capacity": "5000" },
  { "First Name": "Bea", "Last Name": "Beta", "Estimated Capacity": "3000" },
  { "First Name": "Cy", "Last Name": "Gamma", "Estimated Capacity": "1000" },
  { "First Name": "Di", "Last Name": "Delta", "Estimated Capacity": "90000" },
];

const count = (page: Page) => page.getByTestId("donor-count");
const chip = (page: Page, text: string) => page.locator(`[data-filter-chip="${text}"]`);

/** A second approved member of the organisation, with this role (created by the admin through the API). */
async function addMember(orgId: string, role: "org_officer" | "org_manager") {
  const api = await adminApi();
  const email = uniqueEmail(role);
  const created = await api.post("/api/admin/users", {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, organizationId: orgId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  expect((await api.put(`/api/admin/users/${user.id}/role`, { data: { role } })).ok()).toBe(true);
  expect((await api.post(`/api/admin/users/${user.id}/approve`, { data: {} })).ok()).toBe(true);
  await api.dispose();
  return { id: user.id, email };
}

/** An organisation whose owner is signed in on `page` with DONORS imported, and an officer. */
async function ownerWithOfficer(page: Page) {
  const owner = await orgWithUser("org_owner", "Portfolio Trust");
  const officer = await addMember(owner.orgId, "org_officer");
  await signIn(page, owner.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await importDonors(page, DONORS);
  return { owner, officer };
}

test("an owner assigns one donor on its page and two from the list, and the dashboard shows the portfolios", async ({
  page,
}) => {
  const { officer } = await ownerWithOfficer(page);

  // Owners open on every donor.
  await page.goto("/donors");
  await expect(count(page)).toHaveText("Showing 1–4 of 4 donors");
  await expect(page.getByRole("button", { name: "All donors" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("link", { name: "Alpha, Ada" }).click();
  await expect(page).toHaveURL(/\/donor\/[^/]+\/dashboard$/);
  await page.getByRole("combobox", { name: "Relationship Manager" }).click();
  await page.getByRole("option", { name: new RegExp(officer.email.replace(/[.+]/g, "\\$&")) }).click();
  await expect(page.getByText(`Relationship manager set to ${officer.email}.`)).toBeVisible();

  await page.goto("/donors");
  await expect(count(page)).toHaveText("Showing 1–4 of 4 donors");
  await page.getByRole("checkbox", { name: "Select Bea Beta" }).check();
  await page.getByRole("checkbox", { name: "Select Cy Gamma" }).check();
  await page.getByRole("button", { name: "Assign to…" }).click();
  await page.getByRole("menuitem", { name: officer.email }).click();
  await expect(page.getByText(`Assigned 2 donors to ${officer.email}.`)).toBeVisible();
  // The Relationship Manager column is one of the list's optional columns (the Columns menu).
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("menuitem", { name: "Relationship Manager" }).click();
  await page.keyboard.press("Escape");
  const alpha = page.getByRole("row", { name: /Alpha, Ada/ });
  await expect(alpha).toContainText(officer.email);
  await expect(page.getByRole("row", { name: /Delta, Di/ })).toContainText("Unassigned");

  // The owner's dashboard: the officer's portfolio and the unassigned donor with the highest capacity.
  await page.goto("/dashboard");
  const table = page.getByTestId("portfolio-table");
  await expect(table.getByRole("row", { name: new RegExp(officer.email.replace(/[.+]/g, "\\$&")) })).toContainText(
    "$9,000",
  );
  await expect(table.getByRole("row", { name: /Unassigned/ })).toContainText("$90,000");
  await page.getByTestId("top-unassigned").getByRole("link", { name: "Di Delta" }).click();
  await expect(page).toHaveURL(/\/donor\/[^/]+\/dashboard$/);
});

test("an officer opens on their own portfolio, reaches all donors in one click, and removes the Portfolio chip", async ({
  page,
  browser,
}) => {
  const { officer } = await ownerWithOfficer(page);
  const ids = (await (await page.request.get("/api/donors")).json()) as { rows: { id: string; lastName: string }[] };
  const alpha = ids.rows.find((r) => r.lastName === "Alpha")!.id;
  const res = await page.request.post("/api/donors/relationship-manager", {
    headers: { origin: BASE },
    data: { donorIds: [alpha], userId: officer.id },
  });
  expect(res.status(), await res.text()).toBe(200);

  const context = await browser.newContext();
  const officerPage = await context.newPage();
  await signIn(officerPage, officer.email, PASSWORD);
  await expect(officerPage).not.toHaveURL(/\/login$/);
  await officerPage.goto("/donors");
  await expect(chip(officerPage, "Portfolio Mine")).toBeVisible();
  await expect(count(officerPage)).toHaveText("Showing 1–1 of 1 donor");
  await expect(officerPage.getByRole("button", { name: "My portfolio" })).toHaveAttribute("aria-pressed", "true");
  // Officers read donors but do not assign them.
  await expect(officerPage.getByRole("button", { name: "Assign to…" })).toHaveCount(0);

  await officerPage.getByRole("button", { name: "All donors" }).click();
  await expect(count(officerPage)).toHaveText("Showing 1–4 of 4 donors");
  await expect(chip(officerPage, "Portfolio Mine")).toHaveCount(0);

  await officerPage.getByRole("button", { name: "My portfolio" }).click();
  await expect(count(officerPage)).toHaveText("Showing 1–1 of 1 donor");
  await officerPage.getByRole("button", { name: "Remove filter Portfolio Mine" }).click();
  await expect(count(officerPage)).toHaveText("Showing 1–4 of 4 donors");

  // The officer's donor page names the manager, read-only.
  await officerPage.getByRole("link", { name: "Alpha, Ada" }).click();
  await expect(officerPage.getByTestId("donor-relationship-manager")).toHaveText(officer.email);
  await context.close();
});
