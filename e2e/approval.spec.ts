import { expect, request as playwrightRequest, test } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { ADMIN, fillRequiredOnboarding, register, signIn, uniqueEmail, waitForMail } from "./fixtures.ts";

/**
 * Issue 11 item 1: an applicant who names an existing organisation (in another letter case) waits
 * for approval and sees none of its data; the organisation's owner sees the applicant with the
 * onboarding answers on User Management and approves them.
 */
test("an applicant to an existing organisation waits, sees no donors, and its owner approves it", async ({
  page,
  browser,
}) => {
  const baseURL = `http://127.0.0.1:${E2E_PORT}`;
  const orgName = `Riverside Arts Council ${Date.now()}`;
  const ownerEmail = uniqueEmail("owner");
  const ownerPassword = "owner-pass-1";

  // The organisation and its approved owner, set up by the admin through the API.
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect(
    (await api.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password } })).ok(),
  ).toBe(true);
  const org = await (await api.post("/api/admin/organizations", { data: { name: orgName } })).json();
  const created = await api.post("/api/admin/users", {
    data: { email: ownerEmail, password: ownerPassword, confirmPassword: ownerPassword, organizationId: org.id },
  });
  expect(created.status()).toBe(201);
  const ownerId = (await created.json()).user.id as string;
  expect((await api.put(`/api/admin/users/${ownerId}/role`, { data: { role: "org_owner" } })).ok()).toBe(true);
  expect((await api.post(`/api/admin/users/${ownerId}/approve`)).ok()).toBe(true);
  await api.dispose();

  // The applicant names the organisation in lower case.
  const email = uniqueEmail("applicant");
  await register(page, email, "applicant-pass");
  await fillRequiredOnboarding(page, orgName.toLowerCase());
  await page.getByRole("textbox", { name: /how will you use/i }).fill("Steward our gallery patrons");
  await page.getByRole("button", { name: /submit/i }).click();
  await expect(page).toHaveURL(/\/pending-approval$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Application Under Review" })).toBeVisible();
  await expect(page.getByTestId("approval-organization")).toContainText(orgName);
  // No organisation links in the header while waiting.
  await expect(page.getByRole("navigation").getByRole("link", { name: "Donors" })).toHaveCount(0);

  // /donors shows the approval wait, not donors.
  await page.goto("/donors");
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByRole("heading", { name: "Application Under Review" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Donors" })).toHaveCount(0);
  await page.goto("/admin/campaigns");
  await expect(page).toHaveURL(/\/pending-approval$/);

  // The owner was emailed with the applicant's name and answers, and the organisation as stored.
  const request = await waitForMail((m) => m.to.includes(ownerEmail) && m.text.includes(email));
  expect(request.subject).toBe(`Grace Hopper asks to join ${orgName} on Cultivate`);
  expect(request.text).toContain("Steward our gallery patrons");

  // The owner sees the applicant with the answers on User Management and approves.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, ownerEmail, ownerPassword);
  await expect(owner).toHaveURL(/\/org-owner-dashboard$/);
  await owner.goto("/admin/users");
  const card = owner.locator(`[data-testid="application"][data-email="${email}"]`);
  await expect(card.getByText("Grace Hopper")).toBeVisible();
  await expect(card.getByText("Steward our gallery patrons")).toBeVisible();
  await expect(card.getByText(orgName, { exact: false }).first()).toBeVisible();
  await card.getByRole("button", { name: `Approve ${email}` }).click();
  await expect(owner.getByText(`User "${email}" approved successfully!`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await ownerContext.close();

  const approved = await waitForMail((m) => m.to.includes(email) && /approved/i.test(m.subject));
  expect(approved.text).toContain(orgName);
  expect(approved.text).not.toContain(orgName.toLowerCase());

  // Approved: the donor list opens.
  await page.goto("/donors");
  await expect(page).toHaveURL(/\/donors$/);
  await expect(page.getByRole("heading", { name: "Donors" })).toBeVisible();
});
