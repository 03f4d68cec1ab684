import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { ADMIN, fillRequiredOnboarding, register, signIn, slowCpu, uniqueEmail, waitForMail } from "./fixtures.ts";

/** A new user with an organisation: register and submit the onboarding form. */
async function userWithOrganization(page: Page, org: string) {
  const email = uniqueEmail("support");
  await register(page, email);
  await fillRequiredOnboarding(page, org);
  await page.getByRole("button", { name: /submit/i }).click();
  await expect(page).toHaveURL(/\/pending-approval$/, { timeout: 10_000 });
  return email;
}

async function pick(page: Page, label: string | RegExp, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a signed-out visitor is told to log in", async ({ page }) => {
  await page.goto("/support");
  await expect(page.getByRole("alert").filter({ hasText: "You must be logged in" })).toBeVisible();
  await page.goto("/support/submit");
  await expect(page.getByRole("alert").filter({ hasText: "You must be logged in to submit an issue." })).toBeVisible();
});

test("submit an issue, then the admin resolves it and the submitter is emailed", async ({ page, browser }) => {
  test.setTimeout(90_000); // two sessions, two emails
  const org = `Harbor Literacy ${Date.now()}`;
  const email = await userWithOrganization(page, org);
  const title = `Donor totals look wrong ${Date.now()}`;

  await page.goto("/support");
  await page.getByRole("link", { name: "Submit Issue" }).click();
  await expect(page).toHaveURL(/\/support\/submit$/);
  await page.getByRole("button", { name: "Submit Issue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields." })).toBeVisible();
  await expect(page.getByText("What happens next")).toBeVisible();

  await page.getByRole("radio", { name: "Data Error" }).check();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Detailed description/).fill("The total gift amount of the Smith family is doubled.");
  await page.getByRole("button", { name: "Submit Issue" }).click();
  await expect(
    page.getByText("Issue submitted successfully! You will receive a confirmation email shortly.").first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/support$/, { timeout: 5_000 });
  const card = page.getByTestId("issue-card").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Pending");
  await expect(card).toContainText(email);
  await expect(card).toContainText(org);
  const confirmation = await waitForMail((m) => m.to.includes(email) && m.subject.includes(title));
  expect(confirmation.text).toContain("The total gift amount of the Smith family is doubled.");

  // The submitter may edit but sees no status control.
  await card.click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit" })).toBeVisible();
  const issueUrl = page.url();
  const issueId = issueUrl.split("/").pop()!;
  await expect(page.getByTestId("issue-short-id")).toHaveText(`#${issueId.slice(0, 8)}`);

  // The admin resolves it in a separate browser session.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto("/support");
  await admin.getByTestId("issue-card").filter({ hasText: title }).click();
  await expect(admin).toHaveURL(issueUrl);
  await admin.getByRole("button", { name: "Edit" }).click();
  await pick(admin, "Status", "Resolved");
  await admin.getByLabel("Resolution comment").fill("Fixed the duplicate import; totals are correct now.");
  await admin.getByRole("button", { name: "Save Changes" }).click();
  await expect(admin.getByText("Issue updated successfully!")).toBeVisible();
  await expect(admin.getByTestId("issue-status")).toHaveText("Resolved");
  await expect(admin.getByTestId("resolution")).toContainText("Fixed the duplicate import; totals are correct now.");

  const resolved = await waitForMail(
    (m) => m.to.includes(email) && m.subject.includes("resolved") && m.subject.includes(title),
  );
  expect(resolved.text).toContain("Fixed the duplicate import; totals are correct now.");
  expect(resolved.text).toContain(issueId);

  // The submitter's dashboard shows it under Resolved.
  await page.goto("/support");
  await page.getByRole("tab", { name: /Resolved/ }).click();
  await expect(page.getByTestId("issue-card").filter({ hasText: title })).toContainText("Resolved");
  await adminContext.close();
});

test("a tab with more than 50 issues pages them; the page buttons bring the window to the top", async ({ page }) => {
  test.setTimeout(90_000);
  await userWithOrganization(page, `Paged Support ${Date.now()}`);
  const origin = new URL(page.url()).origin;
  // Each one is resolved at once by the admin: 51 pending issues would push other tests' new issues off the
  // first page of the admin's Pending tab, which those tests (run beside this one) open.
  const admin = await playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  expect(
    (await admin.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password } })).ok(),
  ).toBe(true);
  for (let i = 0; i < 51; i++) {
    const res = await page.request.post("/api/issues", {
      headers: { origin },
      data: { type: "bug", title: `Paged issue ${String(i).padStart(2, "0")}`, description: "One of many." },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const resolved = await admin.patch(`/api/issues/${id}`, {
      data: { status: "resolved", resolutionComment: "Done." },
    });
    expect(resolved.ok(), await resolved.text()).toBe(true);
  }
  await admin.dispose();
  // A short window: both pages are taller than it, so only the pager's scroll brings the top back (the
  // support pages live in the tab, not in the address, so the router's scroll restoration does not).
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/support");
  await page.getByRole("tab", { name: /Resolved/ }).click();
  const range = page.getByTestId("issue-range-resolved");
  await expect(range).toHaveText("Showing 1–50 of 51 issues");
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(range).toHaveText("Showing 51–51 of 51 issues");
  await expect(page.getByTestId("issue-card").filter({ hasText: "Paged issue 00" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("an unknown issue shows 'Issue Not Found'", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/support/issues/00000000-0000-0000-0000-000000000000");
  await expect(page.getByRole("heading", { name: "Issue Not Found" })).toBeVisible();
});

test("quick filter picks on a slow page each keep the ones before them", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/actions");
  await expect(page.getByTestId("action-row").first()).toBeVisible();
  // Each pick renders the new address in a transition; slowed, the next pick arrives before it has rendered.
  await slowCpu(page);
  await page.getByRole("button", { name: "Show Filters" }).click();
  await pick(page, "Action type", "authentication");
  await pick(page, "Action name", "sign_in");
  await pick(page, "Resource type", "page");
  await expect(page).toHaveURL(/actionType=authentication&actionName=sign_in&resourceType=page/);
});

test("the admin filters the activity history and opens an action's details", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/support"); // a page view to find later
  await expect(page.getByRole("heading", { name: "Support" })).toBeVisible();
  await page.goto("/admin/actions");
  await expect(page.getByRole("heading", { name: "Action History" })).toBeVisible();
  await expect(page.getByTestId("action-row").first()).toBeVisible();

  // Leaving /support by a full page load: its duration arrived by sendBeacon as the page unloaded.
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/actions?actionName=page_view&resourceType=page&limit=200");
      const body = (await res.json()) as {
        items: { resourceId: string; durationMs: number | null; details: { ended?: string } }[];
      };
      return body.items.some(
        (a) => a.resourceId === "/support" && a.durationMs !== null && a.details.ended === "unload",
      );
    })
    .toBe(true);

  await page.getByRole("button", { name: "Show Filters" }).click();
  await pick(page, "Action type", "authentication");
  await pick(page, "Action name", "sign_in");
  await expect(page).toHaveURL(/actionType=authentication&actionName=sign_in/);
  const rows = page.getByTestId("action-row");
  // Issue 14: each row is a sentence; the raw type and name are in the details. The other worker's tests
  // sign in too, so the admin's own sign-in need not be the newest row.
  const mine = rows.filter({ hasText: `${ADMIN.email} signed in` }).first();
  await expect(mine).toBeVisible({ timeout: 30_000 });
  // The rows of the type-only filter may still stand until the name filter's answer arrives: wait for it.
  await expect
    .poll(async () => (await rows.allInnerTexts()).every((text) => text.includes("signed in")), { timeout: 30_000 })
    .toBe(true);
  await expect(page.getByTestId("summary-total")).not.toContainText("…");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    /actionType=authentication&actionName=sign_in/,
  );

  await mine.getByRole("button", { name: "Details" }).click();
  const modal = page.getByRole("dialog", { name: "Action details" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(ADMIN.email);
  await expect(modal).toContainText("authentication");
  await expect(modal).toContainText("sign_in");
  await expect(modal.getByTestId("action-details-json")).toContainText('"method": "email"');
  await modal.getByRole("button").first().click();
  await expect(modal).toBeHidden();

  // Page views carry their duration once the route changed.
  // The details modal fades out after it is hidden; a click during the fade can land on its overlay, so
  // click until the filters are really gone from the address.
  await expect(async () => {
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/actionType=/, { timeout: 1000 });
  }).toPass();
  // The pick must reach the address (a click while the cleared list re-renders can miss the option: pick again).
  await expect(async () => {
    if (!/actionName=page_view/.test(page.url())) await pick(page, "Action name", "page_view");
    await expect(page).toHaveURL(/actionName=page_view/, { timeout: 2000 });
  }).toPass();
  // The whole history of a busy run is searched on one PGlite connection shared with the other worker.
  await expect(rows.first()).toContainText(/viewed /, { timeout: 30_000 });
  await expect(page.getByTestId("action-range")).toContainText(/of \d+/);

  // The User filter offers the users the server finds for what is typed (an installation has thousands).
  const user = page.getByRole("combobox", { name: "User", exact: true });
  await user.click();
  await user.fill(ADMIN.email.split("@")[0]!.toUpperCase());
  await page.getByRole("option", { name: ADMIN.email }).click();
  await expect(page).toHaveURL(/userId=/);
  await expect(rows.first()).toContainText(`${ADMIN.email} viewed`, { timeout: 30_000 });
  // Opened from its address, the filter names the chosen user.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "User", exact: true })).toHaveValue(ADMIN.email);
});
