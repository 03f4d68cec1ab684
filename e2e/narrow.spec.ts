import { expect, test, type Page } from "@playwright/test";
import { ADMIN, signIn } from "./fixtures.ts";
import { BASE, importDonors, orgWithUser, PASSWORD, adminApi } from "./org-fixtures.ts";

/**
 * Issue 14: "At 390 px wide every page is usable". Every page a role opens, at 390 × 844, does not
 * scroll sideways (document.scrollingElement.scrollWidth ≤ 390), and nothing in it does either: tables
 * fit (columns move under the first one) or become cards.
 * User Management shows its users with the Approve and role controls reachable. And the donor list's
 * "Import history" link.
 */
test.describe.configure({ timeout: 120_000 });

const WIDTH = 390;

/** How wide the page scrolls, and the elements that stick out past the viewport (to say what overflows). */
const overflow = (page: Page) =>
  page.evaluate((width) => {
    const scrollWidth = document.scrollingElement!.scrollWidth;
    const culprits: string[] = [];
    if (scrollWidth > width)
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
        const r = el.getBoundingClientRect();
        if (r.right > width + 1 && r.width > 0 && culprits.length < 5)
          culprits.push(
            `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)} right=${Math.round(r.right)}`,
          );
      }
    return { scrollWidth, culprits };
  }, WIDTH);

/**
 * The boxes inside the page that scroll sideways, with how much they hide: a table in a scroll container
 * keeps the page itself from scrolling, but on a phone what it hides (Approve, Delete, a total) is as good
 * as gone. Named by the table's label, else the box's class.
 */
const scrollingInside = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === "auto" || overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1) {
        const name = el.querySelector("table")?.getAttribute("aria-label") ?? el.className.toString().slice(0, 60);
        found.push(`${name} (${el.scrollWidth - el.clientWidth} px hidden)`);
      }
    }
    return found;
  });

async function expectNoSideways(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("h1, h2").first()).toBeVisible();
  await expect(page.locator(".mantine-Loader-root")).toHaveCount(0);
  const { scrollWidth, culprits } = await overflow(page);
  expect.soft(scrollWidth, `${path} scrolls sideways: ${culprits.join("; ")}`).toBeLessThanOrEqual(WIDTH);
  expect.soft(await scrollingInside(page), `${path} hides part of a box sideways`).toEqual([]);
}

/** The control is on screen once scrolled to (inside its own scroll container if any), not cut by the viewport. */
async function expectReachable(page: Page, name: string, locator: ReturnType<Page["locator"]>) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator, name).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(WIDTH);
}

test("at 390 px no admin, owner or donor page scrolls sideways; User Management shows its users with Approve and role controls", async ({
  page,
}) => {
  const owner = await orgWithUser("org_owner", "Narrow Trust");
  const api = await adminApi();
  const pendingEmail = `narrow-pending-${Date.now().toString(36)}@example.org`;
  const created = await api.post("/api/admin/users", {
    data: { email: pendingEmail, password: PASSWORD, confirmPassword: PASSWORD, organizationId: owner.orgId },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();

  await page.setViewportSize({ width: WIDTH, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  // Imported twice, the second time with another capacity: the full record has a change history.
  for (const capacity of ["1250000", "1500000"])
    await importDonors(
      page,
      [{ "First Name": "Ada", "Last Name": "Lovelace", Email: "ada@example.org", "Estimated Capacity": capacity }],
      owner.orgId,
    );
  const donors = (await (await page.request.get(`/api/donors?organizationId=${owner.orgId}`)).json()) as {
    rows: { id: string }[];
  };
  const donorId = donors.rows[0]!.id;
  for (const path of [
    "/admin",
    "/admin/users",
    "/admin/organizations",
    "/admin/prompts",
    "/admin/actions",
    "/admin/outbox",
    "/admin/campaigns",
    `/donors?organizationId=${owner.orgId}`,
    `/imports?organizationId=${owner.orgId}`,
    `/donor-groups?organizationId=${owner.orgId}`,
    `/donor/${donorId}/dashboard`,
    `/donor/${donorId}`,
    `/donor/${donorId}/full`,
    "/support",
    "/support/submit",
    "/account",
  ])
    await expectNoSideways(page, path);
  // The full record above had the change of the second import to draw, as a block on a phone.
  await page.goto(`/donor/${donorId}/full`);
  await expect(page.getByRole("list", { name: "Change history" })).toContainText(
    "Estimated Capacity: $1,250,000 → $1,500,000",
  );

  // User Management: the pending user's row, its Approve button and role picker can be reached (found by the
  // search: the admin's list has every user of the run, 50 a page).
  await page.goto(`/admin/users?q=${encodeURIComponent(pendingEmail)}`);
  const row = page.locator(`[data-testid="user-row"][data-email="${pendingEmail}"]`);
  await expect(row).toBeVisible();
  await expectReachable(page, "Approve User", row.getByRole("button", { name: "Approve User" }));
  await expectReachable(page, "role picker", row.getByLabel(`Role for ${pendingEmail}`));
  expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(WIDTH);

  // The owner: their dashboard, users and history.
  await page.context().clearCookies();
  await signIn(page, owner.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  for (const path of ["/org-owner-dashboard", "/admin/users", "/admin/actions", "/admin/campaigns", "/imports"])
    await expectNoSideways(page, path);
  await page.goto("/admin/users");
  const ownerRow = page.locator(`[data-testid="user-row"][data-email="${pendingEmail}"]`);
  await expectReachable(page, "Approve User (owner)", ownerRow.getByRole("button", { name: "Approve User" }));
});

test('the donor list has an "Import history" link next to Upload CSV, to /imports', async ({ page }) => {
  const who = await orgWithUser("org_officer", "History Trust");
  await signIn(page, who.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await importDonors(page, [{ "First Name": "Ada", "Last Name": "Lovelace" }]);
  await page.goto("/donors");
  const upload = page.getByRole("button", { name: "Upload CSV" });
  const history = page.getByRole("link", { name: "Import history" });
  await expect(upload).toBeVisible();
  await expect(history).toBeVisible();
  // Next to the upload button: the following control in the toolbar.
  expect(await upload.evaluate((el) => (el.nextElementSibling as HTMLElement | null)?.textContent?.trim())).toBe(
    "Import history",
  );
  await history.click();
  await expect(page).toHaveURL(/\/imports$/);
  await expect(page.getByText("seed.csv").first()).toBeVisible();

  // An admin's link keeps the organisation the list shows.
  await page.context().clearCookies();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/donors?organizationId=${who.orgId}`);
  await page.getByRole("link", { name: "Import history" }).click();
  await expect(page).toHaveURL(`${BASE}/imports?organizationId=${who.orgId}`);
});

test("at 390 px no officer or manager page scrolls sideways", async ({ page }) => {
  const officer = await orgWithUser("org_officer", "Narrow Officer Trust");
  await page.setViewportSize({ width: WIDTH, height: 844 });
  await signIn(page, officer.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  // A long hyphenated name (no place to wrap) and a next step, overdue, with a long title: the donor's
  // header, /today and the Planned Next Steps card must wrap them, not widen the page.
  await importDonors(page, [
    { "First Name": "Ada", "Last Name": "Lovelace-Featherstonehaugh-Cholmondeley", "Estimated Capacity": "1250000" },
  ]);
  const donors = (await (await page.request.get("/api/donors")).json()) as { rows: { id: string }[] };
  const donorId = donors.rows[0]!.id;
  const step = await page.request.post(`/api/donors/${donorId}/next-steps`, {
    headers: { origin: BASE },
    data: {
      title: "Call about the naming opportunity for the new library wing and the gala table for twelve",
      dueDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(step.status(), await step.text()).toBe(201);
  for (const path of [
    "/org-officer-dashboard",
    "/today",
    "/donors",
    "/donor-groups",
    "/imports",
    "/campaigns",
    `/donor/${donorId}/dashboard`,
    `/donor/${donorId}`,
    `/donor/${donorId}/full`,
    "/support",
    "/account",
  ])
    await expectNoSideways(page, path);
  // The calendar link, once made, is a long read-only field with Copy beside it: both stay on screen.
  const calendar = page.getByRole("region", { name: "Calendar link" });
  await calendar.getByRole("button", { name: "Make a calendar link" }).click();
  await expect(calendar.getByLabel("Your calendar link")).toHaveValue(/\.ics$/);
  await expectReachable(page, "Copy", calendar.getByRole("button", { name: "Copy" }));
  const { scrollWidth, culprits } = await overflow(page);
  expect(scrollWidth, `/account with its calendar link scrolls sideways: ${culprits.join("; ")}`).toBeLessThanOrEqual(
    WIDTH,
  );

  // A campaign's donors, opened on its card: a block per donor, not a table that scrolls inside the card.
  const campaign = await page.request.post("/api/campaigns", {
    headers: { origin: BASE },
    data: { name: "Library wing", goal: "$2M", startDate: "2027-01-01", endDate: "2027-12-31" },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  const campaignId = ((await campaign.json()) as { id: string }).id;
  const goal = await page.request.put(`/api/donors/${donorId}/campaign-goals/${campaignId}`, {
    headers: { origin: BASE },
    data: { goalText: "" },
  });
  expect(goal.status(), await goal.text()).toBe(200);
  await page.goto("/campaigns");
  const card = page.getByTestId("campaign-card").filter({ hasText: "Library wing" });
  await card.getByRole("button", { name: "View Donors" }).click();
  const list = card.getByRole("list", { name: "Campaign donors" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Estimated Capacity: $1,250,000");
  await expect(card.getByText("Showing 1–1 of 1 donor")).toBeVisible();
  expect.soft(await scrollingInside(page), "a campaign's donors hide part of a box sideways").toEqual([]);
  expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(WIDTH);

  const manager = await orgWithUser("org_manager", "Narrow Manager Trust");
  await page.context().clearCookies();
  await signIn(page, manager.email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  for (const path of ["/today", "/donors", "/admin/campaigns", "/admin/actions", "/donor-groups"])
    await expectNoSideways(page, path);

  // The static groups' table fits whole: Made by and Created go under the name, the name is the way in,
  // and Delete is on the screen without scrolling the table sideways.
  const made = await page.request.post("/api/donor-groups", {
    headers: { origin: BASE },
    data: { name: "Leadership circle prospects for the capital campaign" },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto("/donor-groups");
  const table = page.getByRole("table", { name: "Static donor groups" });
  const row = table.getByRole("row").filter({ hasText: "Leadership circle" });
  await expect(row.getByText(/ · [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Made by" })).toBeHidden();
  await expect(row.getByRole("link", { name: "Open" })).toBeHidden();
  const del = row.getByRole("button", { name: /^Delete group / });
  const box = (await del.boundingBox())!;
  expect(box.x + box.width, "Delete ends on screen").toBeLessThanOrEqual(WIDTH);
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
});
