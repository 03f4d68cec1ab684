import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { ADMIN, FAKE_OPENAI_CHUNKS, signIn } from "./fixtures.ts";

// The AI provider is one global setting: the tests of this file change it, so they run one after another.
test.describe.configure({ mode: "serial" });

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const SHOTS = process.env.E2E_SHOTS; // a folder: save screenshots there to look at the screens

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** An API client signed in as the bootstrapped admin. */
async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  const res = await api.post("/api/auth/sign-in/email", { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

type Seeded = { orgId: string; orgName: string; donors: { id: string; firstName: string; lastName: string }[] };

/** A fresh organisation with three donors, created by the admin through the API (organisations and the CSV import). */
async function organisationWithDonors(api: APIRequestContext): Promise<Seeded> {
  const orgName = `Riverside Arts ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const org = await api.post("/api/admin/organizations", { data: { name: orgName } });
  expect(org.status(), await org.text()).toBe(201);
  const { id: orgId } = (await org.json()) as { id: string };
  const csv = [
    "First Name,Last Name,Email,DS Rating,Estimated Capacity,Total Gift Amount,# Of Gifts",
    'Ada,Lovelace,ada@example.org,DS1-1,"$1,250,000","$12,500",7',
    "Grace,Hopper,grace@example.org,DS1-2,$450000,0,",
    "Alan,Turing,alan@example.org,DS1-3,,,",
  ].join("\r\n");
  const imported = await api.post(`/api/donors/imports?fileName=seed.csv&targetOrganizationId=${orgId}`, {
    headers: { "content-type": "text/csv" },
    data: Buffer.from(csv),
  });
  expect(imported.status(), await imported.text()).toBe(202);
  const { id: importId } = (await imported.json()) as { id: string };
  await expect
    .poll(
      async () => ((await (await api.get(`/api/donors/imports/${importId}`)).json()) as { status: string }).status,
      {
        timeout: 20_000,
      },
    )
    .toBe("completed");
  const list = await api.get(`/api/donors?organizationId=${orgId}`);
  expect(list.ok()).toBe(true);
  const { rows } = (await list.json()) as { rows: { id: string; firstName: string; lastName: string }[] };
  expect(rows).toHaveLength(3);
  return { orgId, orgName, donors: rows };
}

async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Fills the New Campaign / Edit Campaign modal. Dates are typed as YYYY-MM-DD (the picker shows "Jan 5, 2025"). */
async function fillCampaignForm(
  page: Page,
  values: { name?: string; goal?: string; start?: string; end?: string; details?: string; office?: string },
) {
  const dialog = page.getByRole("dialog");
  if (values.name !== undefined) await dialog.getByLabel(/^Campaign Name/).fill(values.name);
  if (values.goal !== undefined) await dialog.getByLabel(/^Campaign Goal/).fill(values.goal);
  for (const [label, value] of [
    [/^Start Date/, values.start],
    [/^End Date/, values.end],
  ] as const) {
    if (value === undefined) continue;
    const input = dialog.getByLabel(label);
    await input.fill(value);
    // Clicking elsewhere closes the calendar and fixes the typed date (Escape would close the whole modal).
    await dialog.getByRole("heading").click();
  }
  if (values.details !== undefined) await dialog.getByLabel(/^Campaign Details/).fill(values.details);
  if (values.office !== undefined) await dialog.getByLabel(/^Office Info/).fill(values.office);
}

const campaignCard = (page: Page, name: string) => page.getByLabel(`Campaign ${name}`, { exact: true });

test("campaign, Discovery then Connection with the offline provider, stage strip advances, reset", async ({ page }) => {
  test.setTimeout(90_000);
  const api = await adminApi();
  const seeded = await organisationWithDonors(api);
  // A server without keys uses the offline planner; say so explicitly, as other tests may change the global setting.
  expect((await api.put("/api/settings/ai-provider", { data: { provider: "offline" } })).ok()).toBe(true);
  const ada = seeded.donors.find((d) => d.firstName === "Ada")!;

  await signInAsAdmin(page);

  // ---- campaign management for the organisation
  await page.goto(`/admin/campaigns?organizationId=${seeded.orgId}`);
  await expect(page.getByRole("heading", { name: "Campaign Management" })).toBeVisible();
  await expect(page.getByText(seeded.orgName, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "All campaigns" })).toHaveAttribute("href", "/admin/campaigns");
  await expect(
    page.getByText("No campaigns yet. Create your first campaign to start organizing donor cultivation."),
  ).toBeVisible();

  await page.getByRole("button", { name: "New Campaign" }).click();
  await fillCampaignForm(page, {
    name: "Capital Campaign 2025",
    goal: "$2,000,000",
    start: "2025-01-05",
    end: "2025-12-31",
    details: "New wing for the gallery.",
    office: "Development Office, 2nd floor",
  });
  await page.getByRole("dialog").getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByText('Campaign "Capital Campaign 2025" created successfully!')).toBeVisible();
  const card = campaignCard(page, "Capital Campaign 2025");
  await expect(card).toBeVisible();
  await expect(card.getByText("Jan 5, 2025")).toBeVisible();
  await expect(card.getByText("Dec 31, 2025")).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByText(seeded.orgName)).toBeVisible();
  await expect(card.getByText("Development Office, 2nd floor")).toBeVisible();
  // No donors yet: no View Donors button.
  await expect(card.getByRole("button", { name: "View Donors" })).toHaveCount(0);
  await shot(page, "campaigns-created");

  // ---- stage recommendation: Discovery needs a campaign
  await page.goto(`/donor/${ada.id}`);
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByText("$1,250,000")).toBeVisible();
  await expect(page.getByText("DS1-1")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Stage" })).toHaveValue("Discovery");
  await expect(
    page.getByText("Please select a campaign above to create a Discovery stage recommendation."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Preview Prompt" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please select a campaign above" })).toBeVisible();

  await page.getByRole("combobox", { name: "Campaign", exact: true }).click();
  await page.getByRole("option", { name: "Capital Campaign 2025" }).click();
  await expect(
    page.getByText("Please select a campaign above to create a Discovery stage recommendation."),
  ).toHaveCount(0);
  await page.getByLabel("Campaign Goal for this Donor").fill("A lead gift of $250,000 for the new wing");
  await page.getByLabel(/^Preparation Notes/).fill("Met at the spring gala; loves modern art.");

  await page.getByRole("button", { name: "Preview Prompt" }).click();
  const preview = page.getByLabel("Prompt (you can edit it before sending)");
  await expect(preview).toBeVisible();
  await expect(preview).toHaveValue(/Engagement stage: Discovery/);
  // Issue 14: the campaign's own goal, then the donor's goal for it.
  await expect(preview).toHaveValue(
    /Campaign goal: \$2,000,000\nGoal for this donor: A lead gift of \$250,000 for the new wing/,
  );
  await expect(preview).toHaveValue(/Preparation notes: Met at the spring gala/);
  await expect(preview).toHaveValue(/Previous stage summaries:\nNone/);
  await preview.fill(`${await preview.inputValue()}\n\nKeep it short.`);
  await shot(page, "stage-preview");
  await page.getByRole("button", { name: "Submit Prompt" }).click();
  await expect(page.getByText("Discovery recommendation saved.")).toBeVisible({ timeout: 30_000 });
  const records = page.getByTestId("stage-record");
  await expect(records).toHaveCount(1);
  await expect(records.first()).toHaveAttribute("data-stage", "Discovery");
  await expect(records.first().getByTestId("stage-record-provider")).toContainText("Built-in offline planner");
  await expect(records.first()).toContainText("Capital Campaign 2025");
  // Long output is cut at 100 characters with Read more / Show less.
  const output = records.first().getByTestId("stage-output");
  await expect(output.getByRole("button", { name: "Read more" })).toBeVisible();
  const short = (await output.innerText()).length;
  await output.getByRole("button", { name: "Read more" }).click();
  await expect(output.getByRole("button", { name: "Show less" })).toBeVisible();
  expect((await output.innerText()).length).toBeGreaterThan(short);
  await output.getByRole("button", { name: "Show less" }).click();

  // ---- Connection: the selector moved on; notes are required
  await expect(page.getByRole("combobox", { name: "Stage" })).toHaveValue("Connection");
  await page.getByRole("button", { name: "Preview Prompt" }).click();
  await expect(page.getByText("Please enter preparation notes for this stage.")).toBeVisible();
  await page.getByLabel(/^Preparation Notes/).fill("Coffee next Tuesday with the curator.");
  await page.getByRole("button", { name: "Preview Prompt" }).click();
  await expect(preview).toHaveValue(/Engagement stage: Connection/);
  await expect(preview).toHaveValue(/Stage 1 \(Discovery\): /);
  await page.getByRole("button", { name: "Submit Prompt" }).click();
  await expect(page.getByText("Connection recommendation saved.")).toBeVisible({ timeout: 30_000 });
  await expect(records).toHaveCount(2);
  // Newest first (issue 14): the new Connection record is on top.
  await expect(records.nth(0)).toHaveAttribute("data-stage", "Connection");
  await expect(records.nth(1)).toHaveAttribute("data-stage", "Discovery");
  await expect(page.getByTestId("current-stage")).toHaveText("Current stage: Deepening");
  await shot(page, "stage-history");

  // ---- the donor dashboard's strip advanced
  await page.goto(`/donor/${ada.id}/dashboard`);
  const strip = page.getByRole("list", { name: "Stage progress" });
  await expect(strip.locator('[data-stage="Discovery"]')).toHaveAttribute("data-state", "done");
  await expect(strip.locator('[data-stage="Connection"]')).toHaveAttribute("data-state", "done");
  await expect(strip.locator('[data-stage="Deepening"]')).toHaveAttribute("data-state", "current");

  // ---- the goal put Ada in the campaign: View Donors lists her with View Details in a new tab
  await page.goto(`/admin/campaigns?organizationId=${seeded.orgId}`);
  await card.getByRole("button", { name: "View Donors" }).click();
  const donorTable = card.getByRole("table", { name: "Campaign donors" });
  await expect(donorTable.getByRole("cell", { name: "Lovelace" })).toBeVisible();
  await expect(donorTable.getByRole("cell", { name: "ada@example.org" })).toBeVisible();
  await expect(donorTable.getByRole("cell", { name: "$12,500" })).toBeVisible();
  const details = donorTable.getByRole("link", { name: "View Details" });
  await expect(details).toHaveAttribute("href", `/donor/${ada.id}/dashboard`);
  await expect(details).toHaveAttribute("target", "_blank");
  await card.getByRole("button", { name: "Hide Donors" }).click();
  await expect(donorTable).toHaveCount(0);

  // ---- reset
  await page.goto(`/donor/${ada.id}`);
  await expect(records).toHaveCount(2);
  await page.getByRole("combobox", { name: "Stage" }).click();
  await page.getByRole("option", { name: "Solicitation" }).click();
  await page.getByRole("button", { name: "Reset All Stages" }).click();
  await expect(page.getByText("Delete every saved stage recommendation for this donor")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Reset All Stages" }).click();
  await expect(records).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Stage" })).toHaveValue("Discovery");
  await page.goto(`/donor/${ada.id}/dashboard`);
  await expect(strip.locator('[data-stage="Discovery"]')).toHaveAttribute("data-state", "current");
  await api.dispose();
});

test("campaign form validation, edit, archive, show archived, unarchive, delete", async ({ page }) => {
  const api = await adminApi();
  const orgName = `Harbor Fund ${Date.now().toString(36)}`;
  const org = await api.post("/api/admin/organizations", { data: { name: orgName } });
  const { id: orgId } = (await org.json()) as { id: string };
  await signInAsAdmin(page);
  await page.goto(`/campaigns?organizationId=${orgId}`);
  await expect(page.getByRole("heading", { name: "Campaign Management" })).toBeVisible();

  await page.getByRole("button", { name: "New Campaign" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByText("Campaign name is required.")).toBeVisible();
  await expect(page.getByText("Campaign goal is required.")).toBeVisible();
  await expect(page.getByText("Start date is required.")).toBeVisible();
  await fillCampaignForm(page, { name: "Spring Appeal", goal: "$50,000", start: "2025-06-01", end: "2025-03-01" });
  await page.getByRole("dialog").getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByText("The start date must be on or before the end date.")).toBeVisible();
  await fillCampaignForm(page, { end: "2025-08-31" });
  await page.getByRole("dialog").getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByText('Campaign "Spring Appeal" created successfully!')).toBeVisible();

  // Edit mode starts from the campaign's values.
  const card = campaignCard(page, "Spring Appeal");
  await card.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("dialog").getByLabel(/^Campaign Name/)).toHaveValue("Spring Appeal");
  await fillCampaignForm(page, { name: "Spring Appeal 2025", goal: "$60,000" });
  await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText('Campaign "Spring Appeal 2025" updated successfully!')).toBeVisible();
  const edited = campaignCard(page, "Spring Appeal 2025");
  await expect(edited.getByText("$60,000")).toBeVisible();
  await expect(edited.getByText("Jun 1, 2025")).toBeVisible();

  // Archive, with the spec's confirmation text.
  await edited.getByRole("button", { name: "Archive" }).click();
  await expect(
    page.getByText("Archiving removes the campaign from the list available for new donor assignments."),
  ).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText('Campaign "Spring Appeal 2025" archived successfully!')).toBeVisible();
  await expect(edited).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Archived Campaigns" })).toHaveCount(0);

  await page.getByRole("button", { name: "Show Archived" }).click();
  await expect(page.getByRole("heading", { name: "Archived Campaigns" })).toBeVisible();
  // The choice is in the address with the page: a reload keeps it.
  await expect(page).toHaveURL(/[?&]archived=1(&|$)/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Archived Campaigns" })).toBeVisible();
  await expect(edited.getByText("Archived", { exact: true })).toBeVisible();
  await expect(edited.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await shot(page, "campaigns-archived");
  await edited.getByRole("button", { name: "Unarchive" }).click();
  await expect(
    page.getByText("Unarchiving makes the campaign selectable again in donor discovery stages."),
  ).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Unarchive" }).click();
  await expect(page.getByText('Campaign "Spring Appeal 2025" unarchived successfully!')).toBeVisible();
  await expect(page.getByRole("heading", { name: "Archived Campaigns" })).toHaveCount(0);
  await page.getByRole("button", { name: "Hide Archived" }).click();

  await edited.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("This action cannot be undone.", { exact: false })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByText('Campaign "Spring Appeal 2025" permanently deleted.')).toBeVisible();
  await expect(edited).toHaveCount(0);
  await expect(page.getByText("No campaigns yet.", { exact: false })).toBeVisible();
  await api.dispose();
});

test("prompt editor: save adds a version, restore previous, warning when there is none; AI provider selector", async ({
  page,
}) => {
  await signInAsAdmin(page);

  // The admin dashboard's AI Configuration block holds the selector.
  const setting = page.getByTestId("ai-provider-setting");
  await expect(setting.getByRole("combobox", { name: "AI Provider" })).toBeEnabled();
  await setting.getByRole("combobox", { name: "AI Provider" }).click();
  await expect(page.getByRole("option", { name: "OpenAI GPT-4", exact: false })).toBeVisible();
  await expect(page.getByRole("option", { name: "Claude 3.5 Sonnet", exact: false })).toBeVisible();
  // The switch applies to everyone at once: it is confirmed first.
  await page.getByRole("option", { name: "OpenAI GPT-4" }).click();
  const confirmSwitch = page.getByRole("dialog", { name: "Switch the AI provider for everyone?" });
  await expect(confirmSwitch).toContainText("Every user's recommendations will use OpenAI GPT-4 from now on.");
  await expect(confirmSwitch.getByTestId("ai-provider-no-key-warning")).toHaveCount(0);
  await confirmSwitch.getByRole("button", { name: "Switch provider" }).click();
  await expect(confirmSwitch).toBeHidden();
  await expect(setting.getByRole("combobox", { name: "AI Provider" })).toHaveValue("OpenAI GPT-4");
  expect((await (await page.request.get("/api/settings/ai-provider")).json()).provider).toBe("openai");

  // A provider without a key (this server has none for Claude) is warned about; Cancel changes nothing.
  await setting.getByRole("combobox", { name: "AI Provider" }).click();
  await page.getByRole("option", { name: "Claude 3.5 Sonnet (no API key)" }).click();
  await expect(confirmSwitch.getByTestId("ai-provider-no-key-warning")).toHaveText(
    "Claude 3.5 Sonnet has no API key configured on this server; everyone's recommendations will fail until one is set. Switch anyway?",
  );
  await expect(confirmSwitch.getByRole("button", { name: "Switch anyway" })).toBeVisible();
  await shot(page, "admin-ai-provider-no-key-warning");
  await confirmSwitch.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmSwitch).toBeHidden();
  await expect(setting.getByRole("combobox", { name: "AI Provider" })).toHaveValue("OpenAI GPT-4");
  expect((await (await page.request.get("/api/settings/ai-provider")).json()).provider).toBe("openai");

  // Back to the offline planner (what the other tests of this file expect), confirmed.
  await setting.getByRole("combobox", { name: "AI Provider" }).click();
  await page.getByRole("option", { name: "Built-in offline planner (no API key)" }).click();
  await confirmSwitch.getByRole("button", { name: "Switch provider" }).click();
  await expect(setting.getByRole("combobox", { name: "AI Provider" })).toHaveValue(
    "Built-in offline planner (no API key)",
  );
  await shot(page, "admin-ai-provider");
  expect((await (await page.request.get("/api/settings/ai-provider")).json()).provider).toBe("offline");

  await page.goto("/admin/prompts");
  await expect(page.getByRole("heading", { name: "Edit Prompts" })).toBeVisible();
  for (const stage of ["Discovery", "Connection", "Deepening", "Solicitation", "Follow-Up"]) {
    await expect(page.getByLabel(`${stage} prompt`)).toHaveAttribute("rows", "3");
  }
  const card = page.getByTestId("prompt-Deepening");
  const box = card.getByLabel("Deepening prompt");
  const original = await box.inputValue();
  expect(original.length).toBeGreaterThan(20);

  const text = `Deepening prompt edited ${Date.now()}: focus on shared values.`;
  await box.fill(text);
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Deepening prompt saved successfully!")).toBeVisible();
  await expect(card.getByText(/^Last saved: (?!N\/A)/)).toBeVisible();
  await card.getByRole("button", { name: /Version history/ }).click();
  await expect(card.getByTestId("prompt-versions-Deepening")).toContainText(text);

  await card.getByRole("button", { name: "Restore Previous" }).click();
  await expect(page.getByText("Previous version restored successfully for Deepening.")).toBeVisible();
  await expect(box).toHaveValue(original);

  // Follow-Up still has only its shipped version: nothing earlier to restore.
  await page.getByTestId("prompt-Follow-Up").getByRole("button", { name: "Restore Previous" }).click();
  await expect(page.getByText("No earlier version available to restore for Follow-Up.")).toBeVisible();
  await expect(page.getByTestId("prompt-Follow-Up").getByText("Last saved: N/A")).toBeVisible();
  await shot(page, "prompts");
});

test("an unknown donor id shows Donor Not Found on /donor/{id}", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/donor/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Donor Not Found")).toBeVisible();
});

/** A user created and approved by the admin in the organisation, with the role (or none). */
async function userIn(api: APIRequestContext, orgId: string, role: string | null, prefix: string) {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.org`;
  const created = await api.post("/api/admin/users", {
    data: { email, password: "secret-pass", confirmPassword: "secret-pass", organizationId: orgId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  if (role) expect((await api.put(`/api/admin/users/${user.id}/role`, { data: { role } })).ok()).toBe(true);
  expect((await api.post(`/api/admin/users/${user.id}/approve`, { data: {} })).ok()).toBe(true);
  return email;
}

test("an officer manages 'Your Campaigns', sees the AI provider read-only and cannot edit prompts; a user without a role is denied", async ({
  page,
}) => {
  const api = await adminApi();
  const seeded = await organisationWithDonors(api);
  const other = await organisationWithDonors(api);
  const officer = await userIn(api, seeded.orgId, "org_officer", "officer");
  const plain = await userIn(api, seeded.orgId, null, "plain");

  await signIn(page, officer, "secret-pass");
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: "Your Campaigns" })).toBeVisible();
  await page.getByRole("button", { name: "New Campaign" }).click();
  await fillCampaignForm(page, {
    name: "Officer Outreach",
    goal: "20 new donors",
    start: "2025-02-01",
    end: "2025-05-31",
  });
  await page.getByRole("dialog").getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByText('Campaign "Officer Outreach" created successfully!')).toBeVisible();
  await expect(campaignCard(page, "Officer Outreach").getByText(seeded.orgName)).toBeVisible();

  const grace = seeded.donors.find((d) => d.firstName === "Grace")!;
  await page.goto(`/donor/${grace.id}`);
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "AI Provider" })).toBeDisabled();
  await expect(page.getByText("Only administrators can change the AI provider")).toBeVisible();
  await expect(page.getByText("Only administrators can change this setting")).toBeVisible();
  await page.getByRole("combobox", { name: "Campaign", exact: true }).click();
  await expect(page.getByRole("option", { name: "Officer Outreach" })).toBeVisible();
  await shot(page, "officer-stage");

  // Another organisation's donor does not exist for this officer.
  await page.goto(`/donor/${other.donors[0]!.id}`);
  await expect(page.getByText("Donor Not Found")).toBeVisible();

  await page.goto("/admin/prompts");
  await expect(page.getByText("You don't have permission to edit prompts.")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, plain, "secret-pass");
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/admin/campaigns");
  await expect(page.getByText("You don't have permission to manage campaigns.")).toBeVisible();
  await api.dispose();
});

test("with the OpenAI provider, the answer of the (fake) OpenAI server streams into the page and is saved", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const api = await adminApi();
  const seeded = await organisationWithDonors(api);
  const grace = seeded.donors.find((d) => d.firstName === "Grace")!;
  const campaign = await api.post("/api/campaigns", {
    data: {
      name: "Spring Appeal",
      goal: "$100,000",
      startDate: "2026-03-01",
      endDate: "2026-05-31",
      organizationId: seeded.orgId,
    },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  expect((await api.put("/api/settings/ai-provider", { data: { provider: "openai" } })).ok()).toBe(true);
  try {
    await signInAsAdmin(page);
    await page.goto(`/donor/${grace.id}`);
    await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
    await page.getByRole("combobox", { name: "Campaign", exact: true }).click();
    await page.getByRole("option", { name: "Spring Appeal" }).click();
    await page.getByRole("button", { name: "Preview Prompt" }).click();
    await expect(page.getByLabel("Prompt (you can edit it before sending)")).toHaveValue(/Engagement stage: Discovery/);
    await page.getByRole("button", { name: "Submit Prompt" }).click();
    await expect(page.getByText("Discovery recommendation saved.")).toBeVisible({ timeout: 30_000 });
    const record = page.getByTestId("stage-record").first();
    await expect(record.getByTestId("stage-record-provider")).toContainText("OpenAI GPT-4");
    await expect(record.getByTestId("stage-record-provider")).toContainText("gpt-4o-e2e");
    // Under 100 characters: shown whole, no Read more.
    await expect(record.getByTestId("stage-output")).toContainText(FAKE_OPENAI_CHUNKS.join(""));

    // Connection: the earlier OpenAI answer goes into the next prompt.
    await expect(page.getByRole("combobox", { name: "Stage" })).toHaveValue("Connection");
    await page.getByLabel(/^Preparation Notes/).fill("She asked about the docent programme.");
    await page.getByRole("button", { name: "Preview Prompt" }).click();
    const preview = page.getByLabel("Prompt (you can edit it before sending)");
    await expect(preview).toHaveValue(/Engagement stage: Connection/);
    await expect(preview).toHaveValue(new RegExp(`Stage 1 \\(Discovery\\): ${FAKE_OPENAI_CHUNKS[0]}`));
    await page.getByRole("button", { name: "Submit Prompt" }).click();
    await expect(page.getByText("Connection recommendation saved.")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("stage-record")).toHaveCount(2);
    await expect(page.getByTestId("current-stage")).toHaveText("Current stage: Deepening");
  } finally {
    await api.put("/api/settings/ai-provider", { data: { provider: "offline" } });
  }
});

test("a long campaign list comes 50 to a page, the pager keeps its page in the address and goes to the top", async ({
  page,
}) => {
  const api = await adminApi();
  const org = await api.post("/api/admin/organizations", { data: { name: `Paged Trust ${Date.now().toString(36)}` } });
  const { id: orgId } = (await org.json()) as { id: string };
  for (let i = 0; i < 52; i++) {
    const created = await api.post("/api/campaigns", {
      data: {
        organizationId: orgId,
        name: `Pager ${String(i).padStart(2, "0")}`,
        goal: "$10,000",
        startDate: "2026-01-05",
        endDate: "2026-12-31",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await signInAsAdmin(page);
  // A short window, so that even the two campaigns of page 2 are taller than it: the top is then a choice.
  await page.setViewportSize({ width: 1280, height: 320 });
  await page.goto(`/campaigns?organizationId=${orgId}`);
  await expect(page.getByTestId("campaign-range")).toHaveText("Showing 1–50 of 52 campaigns");
  await expect(campaignCard(page, "Pager 51")).toBeVisible();
  await expect(campaignCard(page, "Pager 00")).toHaveCount(0);

  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByTestId("campaign-range")).toHaveText("Showing 51–52 of 52 campaigns");
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(campaignCard(page, "Pager 00")).toBeVisible();
  await expect(campaignCard(page, "Pager 51")).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // An old link past the end shows the last page.
  await page.goto(`/campaigns?organizationId=${orgId}&page=9`);
  await expect(page.getByTestId("campaign-range")).toHaveText("Showing 51–52 of 52 campaigns");
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);

  // A campaign created from page 2 is the newest: the list goes to page 1, where it is.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "New Campaign" }).click();
  await fillCampaignForm(page, { name: "Pager Newest", goal: "$5,000", start: "2026-02-01", end: "2026-03-01" });
  await page.getByRole("dialog").getByRole("button", { name: "Create Campaign" }).click();
  await expect(page.getByText('Campaign "Pager Newest" created successfully!')).toBeVisible();
  await expect(page.getByTestId("campaign-range")).toHaveText("Showing 1–50 of 53 campaigns");
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(campaignCard(page, "Pager Newest")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await api.dispose();
});
