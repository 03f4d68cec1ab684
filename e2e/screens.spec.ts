import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, fillRequiredOnboarding, signIn } from "./fixtures.ts";
import {
  adminApi,
  apiAs,
  BASE,
  csvOf,
  importAs,
  newOrg,
  officerWithDonors,
  PASSWORD,
  shot,
  userIn,
} from "./org-fixtures.ts";

/**
 * Issue 14, "Imports", "Stage recommendations" and "Administration and history": what a fundraiser
 * sees all day. Each test builds its own organisation through the API.
 */
test.describe.configure({ timeout: 90_000 });

function writeTemp(name: string, content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "screens-e2e-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

async function signInAs(page: Page, email: string, password = PASSWORD) {
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
}

/** True when the element shows its whole text: nothing cut by an ellipsis or a narrow box. */
const showsWhole = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((el) => el.scrollWidth <= el.clientWidth + 1));

// ---------------------------------------------------------------- menus

test("the admin's header fits the window wherever it shows in full: Sign out and the address are whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  const signOut = page.getByRole("button", { name: "Sign out" });
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  // 1200 px (lg) is the narrowest width without the drawer.
  for (const width of [1200, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const box = (await signOut.boundingBox())!;
    expect(box.x + box.width, `Sign out's right edge at ${width} px`).toBeLessThanOrEqual(width);
    await expect(nav.getByText(ADMIN.email)).toBeVisible();
  }
});

test("every page a role may use is in its menu: owners Users and Action History, managers Action History, officers Your Campaigns", async ({
  page,
}) => {
  const api = await adminApi();
  const org = await newOrg(api);
  const owner = await userIn(api, org.id, "org_owner");
  const manager = await userIn(api, org.id, "org_manager");
  const officer = await userIn(api, org.id, "org_officer");
  await api.dispose();
  const nav = page.getByRole("navigation", { name: "Main navigation" });

  await signInAs(page, owner.email);
  await nav.getByRole("button", { name: "Administration" }).click();
  await expect(page.getByRole("menuitem")).toHaveText(["Users", "Action History"]);
  await page.getByRole("menuitem", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  await nav.getByRole("button", { name: "Administration" }).click();
  await page.getByRole("menuitem", { name: "Action History" }).click();
  await expect(page.getByRole("heading", { name: "Action History" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Imports" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await signInAs(page, manager.email);
  await nav.getByRole("link", { name: "Action History" }).click();
  await expect(page.getByRole("heading", { name: "Action History" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await signInAs(page, officer.email);
  await nav.getByRole("link", { name: "Your Campaigns" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole("heading", { name: "Your Campaigns" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Action History" })).toHaveCount(0);
  await expect(nav.getByRole("button", { name: "Administration" })).toHaveCount(0);
});

// ---------------------------------------------------------------- imports

test("import history: the upload's real counts, who ran each import, its report, and Undo with a confirmation for those allowed", async ({
  page,
}) => {
  const api = await adminApi();
  const org = await newOrg(api);
  const owner = await userIn(api, org.id, "org_owner");
  const officer = await userIn(api, org.id, "org_officer");
  await api.dispose();

  // The owner's import, with a row left out: its report has a problem.
  const ownerApi = await apiAs(owner.email);
  await importAs(ownerApi, `${csvOf(3, "Own")},,\r\n`, "owner-list.csv");
  await ownerApi.dispose();

  await signInAs(page, officer.email);
  await page.goto("/donors");
  await page.getByRole("button", { name: "Upload CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload CSV" });
  await dialog.locator('input[type="file"]').setInputFiles(writeTemp("gala-guests.csv", csvOf(1200, "Guest")));
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  // The spec's sentence, with what happened and thousands separators.
  await expect(
    page.getByText("Successfully uploaded 1,200 donor records (1,200 new, 0 updated, 0 unchanged)!"),
  ).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole("link", { name: "Import history" }).click();
  await expect(page).toHaveURL(/\/imports$/);
  await expect(page.getByRole("heading", { name: "Import History" })).toBeVisible();

  const entries = page.getByTestId("import-entry");
  await expect(entries).toHaveCount(2);
  const mine = entries.nth(0);
  const owners = entries.nth(1);
  await expect(mine).toContainText("gala-guests.csv");
  await expect(mine).toContainText(`Imported by ${officer.email}`);
  await expect(mine).toContainText("Completed");
  await expect(mine.getByTestId("import-entry-counts")).toHaveText("1,200 donors: 1,200 new, 0 updated, 0 unchanged");
  await expect(owners).toContainText("owner-list.csv");
  await expect(owners).toContainText(`Imported by ${owner.email}`);
  await expect(owners.getByTestId("import-entry-counts")).toHaveText(
    "3 donors: 3 new, 0 updated, 0 unchanged; 1 row skipped",
  );
  // An officer may not undo a colleague's import; the server says the same (403).
  await expect(owners.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await expect(owners).toContainText(
    "Only the person who ran this import, a manager, an owner or an administrator can undo it.",
  );

  // The owner's report: its problem by row.
  await owners.getByRole("button", { name: /Report/ }).click();
  const report = page.getByRole("dialog", { name: "Import report" });
  await expect(report.getByRole("table", { name: "Import problems" }).getByRole("row")).toHaveCount(2);
  await report.getByRole("button").first().click();
  await expect(report).toBeHidden();
  await shot(page, "import-history");

  // Undo asks first and says how many donors it removes.
  await mine.getByRole("button", { name: "Undo" }).click();
  const confirm = page.getByRole("dialog", { name: "Undo this import?" });
  await expect(confirm).toContainText("gala-guests.csv");
  await expect(confirm).toContainText("Undoing this import removes the 1,200 donors it added.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(mine).toContainText("Completed");
  await mine.getByRole("button", { name: "Undo" }).click();
  await confirm.getByRole("button", { name: "Undo Import" }).click();
  await expect(mine).toContainText("Undone", { timeout: 30_000 });
  await expect(mine.getByRole("button", { name: "Undo" })).toHaveCount(0);
  await page.goto("/donors");
  await expect(page.getByTestId("donor-count")).toContainText("of 3 donors");
});

test("an admin who belongs to no organisation is asked to choose the one an upload goes to", async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto("/donors");
  await page.getByRole("button", { name: "Upload CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload CSV" });
  await expect(dialog.getByText("You belong to no organization: choose the one to import into.")).toBeVisible();
  await expect(dialog.getByText("Leave empty to use your own organization", { exact: false })).toHaveCount(0);
  await dialog.locator('input[type="file"]').setInputFiles(writeTemp("anywhere.csv", csvOf(2, "Nowhere")));
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please choose the organization to import into.");
});

// ---------------------------------------------------------------- stage recommendations

test("stage page: a link to create the first campaign, the last used campaign preselected, history newest first, the campaign's goal in the prompt", async ({
  page,
}) => {
  const { officer, officerApi, donorId } = await officerWithDonors({ prefix: "Stage" });

  await signInAs(page, officer.email);
  await page.goto(`/donor/${donorId}`);
  await expect(page.getByText("There is no active campaign yet.")).toBeVisible();
  await page.getByRole("link", { name: "Create a campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\?new=1$/);
  await expect(page.getByRole("dialog", { name: "New Campaign" })).toBeVisible();

  // Two campaigns; the newest recommendation used the older one.
  const campaign = async (name: string, goal: string) => {
    const res = await officerApi.post("/api/campaigns", {
      data: { name, goal, startDate: "2027-01-01", endDate: "2027-12-31" },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const gala = await campaign("Spring Gala 2027", "Raise $250k at the gala");
  const appeal = await campaign("Year-End Appeal", "500 new monthly donors");
  const generate = async (stage: string, campaignId: string) => {
    const body = { stage, campaignId, prepNotes: "Met at the museum." };
    const preview = await officerApi.post(`/api/donors/${donorId}/stages/preview`, { data: body });
    expect(preview.ok(), await preview.text()).toBe(true);
    const { prompt } = (await preview.json()) as { prompt: string };
    const res = await officerApi.post(`/api/donors/${donorId}/stages/generate`, { data: { ...body, prompt } });
    expect(res.ok(), await res.text()).toBe(true);
    expect(await res.text()).toContain('"type":"done"');
  };
  await generate("Discovery", gala);
  await generate("Connection", appeal);
  await officerApi.dispose();

  await page.goto(`/donor/${donorId}`);
  await expect(page.getByRole("combobox", { name: "Campaign", exact: true })).toHaveValue("Year-End Appeal");
  const records = page.getByTestId("stage-record");
  await expect(records).toHaveCount(2);
  await expect(records.nth(0)).toHaveAttribute("data-stage", "Connection");
  await expect(records.nth(1)).toHaveAttribute("data-stage", "Discovery");

  await page.getByRole("combobox", { name: "Campaign", exact: true }).click();
  await page.getByRole("option", { name: "Spring Gala 2027" }).click();
  await page.getByLabel("Campaign Goal for this Donor").fill("A table for ten");
  await page.getByLabel(/^Preparation Notes/).fill("Loves the sculpture garden.");
  await page.getByRole("button", { name: "Preview Prompt" }).click();
  await expect(page.getByLabel("Prompt (you can edit it before sending)")).toHaveValue(
    /Campaign goal: Raise \$250k at the gala\nGoal for this donor: A table for ten/,
  );
  await shot(page, "stage-page");
});

test("only admins see the AI configuration warnings", async ({ page }) => {
  const { officer, officerApi, donorId } = await officerWithDonors({ prefix: "Warn" });
  await officerApi.dispose();
  // A server with no setting yet and no key for its provider: what an admin must hear about, and nobody else.
  await page.route("**/api/settings/ai-provider", (route) =>
    route.request().method() === "GET"
      ? route.fulfill({
          json: {
            provider: "openai",
            configured: false,
            updatedAt: null,
            available: [
              { value: "openai", label: "OpenAI GPT-4", model: "gpt-4o", ready: false },
              { value: "gpt-5", label: "ChatGPT 5.0", model: "gpt-5", ready: false },
              { value: "claude", label: "Claude 3.5 Sonnet", model: "claude", ready: false },
              { value: "offline", label: "Built-in offline planner (no API key)", model: "offline", ready: true },
            ],
          },
        })
      : route.continue(),
  );

  await signInAs(page, officer.email);
  await page.goto(`/donor/${donorId}`);
  await expect(page.getByRole("combobox", { name: "AI Provider" })).toHaveValue("OpenAI GPT-4");
  await expect(page.getByText("App settings not configured. Using default AI provider.")).toHaveCount(0);
  await expect(page.getByText("no API key on this server")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto(`/donor/${donorId}`);
  await expect(page.getByText("App settings not configured. Using default AI provider.")).toBeVisible();
  await expect(page.getByText("no API key on this server")).toBeVisible();
});

// ---------------------------------------------------------------- administration and history

test("User Management shows the Approve button, status badges and the Joined date whole at 1280, 1440 and 1680 px", async ({
  page,
}) => {
  const api = await adminApi();
  const org = await newOrg(api);
  const owner = await userIn(api, org.id, "org_owner");
  const waiting = await userIn(api, org.id, null, { approve: false });
  await api.dispose();

  await signInAs(page, owner.email);
  await page.goto("/admin/users");
  const row = page.locator(`[data-testid="user-row"][data-email="${waiting.email}"]`);
  await expect(row.getByRole("button", { name: "Approve User" })).toBeVisible();
  for (const width of [1280, 1440, 1680]) {
    await page.setViewportSize({ width, height: 900 });
    const approve = row.getByRole("button", { name: "Approve User" });
    expect((await approve.boundingBox())!.width, `Approve at ${width} px`).toBeGreaterThan(90);
    expect(
      await showsWhole(page, '[data-testid="user-row"] .mantine-Button-label'),
      `buttons at ${width} px`,
    ).not.toContain(false);
    expect(
      await showsWhole(page, '[data-testid="user-row"] .mantine-Badge-label'),
      `badges at ${width} px`,
    ).not.toContain(false);
    await expect(row.getByText("Pending", { exact: true })).toBeVisible();
    // One line: the Joined date does not wrap.
    const joined = row.locator("td").nth(2);
    const lines = await joined.evaluate((td) => {
      const text = td.querySelector("p")!;
      return Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight));
    });
    expect(lines, `Joined at ${width} px`).toBe(1);
    // The whole table fits: nothing to scroll sideways.
    const overflow = await page
      .getByRole("table", { name: "Users" })
      .evaluate((t) => t.scrollWidth - (t.parentElement?.parentElement?.clientWidth ?? t.scrollWidth));
    expect(overflow, `table overflow at ${width} px`).toBeLessThanOrEqual(1);
    await shot(page, `user-management-${width}`);
  }
  await row.getByRole("button", { name: "Approve User" }).click();
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();
});

test("User Management shows 50 users a page, with a search and a status filter that live in the address", async ({
  page,
}) => {
  const api = await adminApi();
  const org = await newOrg(api);
  const owner = await userIn(api, org.id, "org_owner");
  // 55 more members, the last of them still waiting for approval: 57 users with the owner.
  const members: { id: string; email: string }[] = [];
  for (let i = 0; i < 55; i++) members.push(await userIn(api, org.id, "org_officer"));
  const waiting = await userIn(api, org.id, null, { approve: false });
  await api.dispose();

  await signInAs(page, owner.email);
  await page.goto("/admin/users");
  const rows = page.locator('[data-testid="user-row"]');
  await expect(page.getByTestId("user-list-count")).toHaveText("Showing 1–50 of 57 users");
  await expect(rows).toHaveCount(50);
  // Newest first: the member still waiting joined last.
  await expect(rows.first()).toHaveAttribute("data-email", waiting.email);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByTestId("user-list-count")).toHaveText("Showing 51–57 of 57 users");
  await expect(rows).toHaveCount(7);
  await expect(page.locator(`[data-testid="user-row"][data-email="${owner.email}"]`)).toBeVisible();
  await shot(page, "user-management-page-2");

  // A search goes back to the first page and finds one member by part of the address.
  const target = members[17]!;
  await page.getByLabel("Search users").fill(target.email.slice(0, -12));
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-email", target.email);
  await expect(page.getByTestId("user-list-count")).toHaveText("Showing 1–1 of 1 user");
  await page.getByLabel("Search users").fill("no such person anywhere");
  await expect(page.getByText("No users match this search.")).toBeVisible();
  await page.getByLabel("Search users").fill("");
  await expect(rows).toHaveCount(50);

  // The status filter: the one member waiting; the applicant's card stays above the list whatever the filter.
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Pending" }).click();
  await expect(page).toHaveURL(/[?&]status=pending\b/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-email", waiting.email);
  await expect(page.locator(`[data-testid="application"][data-email="${waiting.email}"]`)).toBeVisible();

  // The address keeps it all: going back returns to the unfiltered list.
  await page.goBack();
  await expect(rows).toHaveCount(50);
  await expect(page.getByLabel("Search users")).toHaveValue("");
});

test("Action History reads as sentences, with the raw names in the details and no cut-off badges", async ({ page }) => {
  const api = await adminApi();
  const org = await newOrg(api);
  // A member created by the admin who names themselves in the onboarding form.
  const member = await userIn(api, org.id, null, { approve: false });
  await signInAs(page, member.email);
  await expect(page).toHaveURL(/\/onboarding-form$/);
  await fillRequiredOnboarding(page, org.name);
  await page.getByRole("button", { name: /submit/i }).click();
  await expect(page).toHaveURL(/\/pending-approval$/, { timeout: 10_000 });
  expect((await api.put(`/api/admin/users/${member.id}/role`, { data: { role: "org_owner" } })).ok()).toBe(true);
  expect((await api.post(`/api/admin/users/${member.id}/approve`, { data: {} })).ok()).toBe(true);
  await api.dispose();

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/org-owner-dashboard$/);
  const created = await page.request.post("/api/campaigns", {
    headers: { origin: BASE },
    data: { name: "Spring Gala", goal: "Raise $250k at the gala", startDate: "2027-03-01", endDate: "2027-05-31" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const archived = await page.request.patch(`/api/campaigns/${id}`, {
    headers: { origin: BASE },
    data: { isArchived: true },
  });
  expect(archived.ok(), await archived.text()).toBe(true);
  await page.goto("/donors");
  await expect(page.getByRole("heading", { name: "Donors" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("button", { name: "Administration" })
    .click();
  await page.getByRole("menuitem", { name: "Action History" }).click();

  const sentences = page.getByTestId("action-sentence");
  // fillRequiredOnboarding names the member Grace Hopper.
  await expect(sentences.filter({ hasText: "Grace Hopper archived Spring Gala" })).toHaveCount(1, { timeout: 20_000 });
  // The page view's duration is written when the next page opens: it shows once the list is read again.
  await expect(async () => {
    await page.reload();
    await expect(sentences.filter({ hasText: /^Grace Hopper viewed Donors for / })).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(sentences.filter({ hasText: "campaign_archive" })).toHaveCount(0);
  expect(await showsWhole(page, '[data-testid="action-outcome"] .mantine-Badge-label')).not.toContain(false);
  await shot(page, "action-history");

  await page
    .getByTestId("action-row")
    .filter({ hasText: "Grace Hopper archived Spring Gala" })
    .getByRole("button", { name: /Details/ })
    .click();
  const details = page.getByRole("dialog", { name: "Action details" });
  await expect(details).toContainText("campaign_management");
  await expect(details).toContainText("campaign_archive");
  await expect(details).toContainText("Grace Hopper archived Spring Gala");
});

test("an approved user without a role is told who can give them access", async ({ page }) => {
  const api = await adminApi();
  const org = await newOrg(api);
  const owner = await userIn(api, org.id, "org_owner");
  const plain = await userIn(api, org.id, null);
  await api.dispose();

  await signInAs(page, plain.email);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/donors$/);
  await expect(page.getByText("You don't have permission to access the donor list.")).toBeVisible();
  await expect(page.getByTestId("access-next-step")).toHaveText(
    `Your account has no role in ${org.name} yet. Ask its owner, ${owner.email}, or a platform administrator, to give you one on User Management.`,
  );
});

test("Create New Campaign on the admin dashboard opens the form", async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: "Create New Campaign" }).click();
  const form = page.getByRole("dialog", { name: "New Campaign" });
  await expect(form).toBeVisible();
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/campaigns$/);
});

test("donor groups show who made each; only its maker, managers, owners and admins may delete it, after a confirmation", async ({
  page,
}) => {
  const api = await adminApi();
  const org = await newOrg(api);
  const owner = await userIn(api, org.id, "org_owner");
  const officer = await userIn(api, org.id, "org_officer");
  await api.dispose();
  const ownerApi = await apiAs(owner.email);
  expect((await ownerApi.post("/api/donor-groups", { data: { name: "Board prospects" } })).status()).toBe(201);
  await ownerApi.dispose();

  await signInAs(page, officer.email);
  await page.goto("/donor-groups");
  const groups = page.getByRole("table", { name: "Static donor groups" });
  const board = groups.locator('[data-group="Board prospects"]');
  await expect(board).toContainText(owner.email);
  await expect(board.getByRole("button", { name: "Delete group Board prospects" })).toHaveCount(0);

  await page.getByRole("button", { name: "New Group" }).click();
  await page
    .getByRole("dialog")
    .getByLabel(/Group Name/)
    .fill("My follow-ups");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Create/ })
    .click();
  const mine = groups.locator('[data-group="My follow-ups"]');
  await expect(mine).toContainText(officer.email);
  await mine.getByRole("button", { name: "Delete group My follow-ups" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete group" });
  await expect(confirm).toContainText('Delete the group "My follow-ups"?');
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(mine).toHaveCount(0);
  await expect(board).toBeVisible();
});

test("a server that cannot be reached is named in one sentence; a page replaced by a deploy loads again", async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/login$/);
  const nav = page.getByRole("navigation", { name: "Main navigation" });

  // A list whose call gets no answer: the screen's sentence with the reason "Network error" (the spec's
  // word for it, Part 2), not "unknown error".
  await page.route("**/api/donor-groups**", (route) => route.abort("connectionrefused"));
  await nav.getByRole("link", { name: "Donor Groups" }).click();
  await expect(page.getByText("Failed to load groups: Network error").first()).toBeVisible();
  await page.unroute("**/api/donor-groups**");

  // A page whose code cannot be fetched while the server cannot be reached either.
  const chunks = "**/assets/support-*.js";
  await page.route(chunks, (route) => route.abort("connectionrefused"));
  await page.route("**/api/health", (route) => route.abort("connectionrefused"));
  await nav.getByRole("link", { name: "Support" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Cultivate could not be reached" })).toHaveText(
    "Cultivate could not be reached. Check your connection, then reload the page.",
  );
  await page.unroute("**/api/health");

  // The server answers but the page's code is gone (a deploy replaced it): the app loads again by
  // itself, once, and the page opens.
  await page.goto("/dashboard");
  let refused = 0;
  await page.unroute(chunks);
  await page.route(chunks, (route) => (refused++ === 0 ? route.abort("failed") : route.continue()));
  await nav.getByRole("link", { name: "Support" }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
  expect(refused).toBeGreaterThanOrEqual(2);
});
