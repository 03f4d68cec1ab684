import { expect, test } from "@playwright/test";
import { BASE, managerWithDonors, type DonorRow } from "./org-fixtures.ts";

// Issue 15, Contact reports: log a call on a donor, see it in the Engagement Timeline, edit it, see Last Contact
// in the donor list and sort by it, and find it in the stage prompt preview.
test.describe.configure({ timeout: 90_000 });

const DONORS: DonorRow[] = [
  { "First Name": "Ada", "Last Name": "Lovelace", Email: "ada@example.org", "Estimated Capacity": "$1,250,000" },
  { "First Name": "Grace", "Last Name": "Hopper", Email: "grace@example.org", "Estimated Capacity": "$450,000" },
  { "First Name": "Alan", "Last Name": "Turing", Email: "alan@example.org" },
];
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test("log a call, see it in the timeline, edit it, sort the list by Last Contact, read it in the prompt", async ({
  page,
}) => {
  await managerWithDonors(page, DONORS);
  const list = (await (await page.request.get("/api/donors")).json()) as { rows: { id: string; lastName: string }[] };
  const id = (name: string) => list.rows.find((r) => r.lastName === name)!.id;
  // Grace was met long ago (through the API); Ada gets this test's call.
  const older = await page.request.post(`/api/donors/${id("Hopper")}/contact-reports`, {
    headers: { origin: BASE },
    data: { type: "meeting", date: daysAgo(120), summary: "<p>Coffee at the gala.</p>" },
  });
  expect(older.status(), await older.text()).toBe(201);

  await page.goto(`/donor/${id("Lovelace")}/dashboard`);
  const timeline = page.getByRole("region", { name: "Engagement Timeline" });
  await expect(timeline.getByText("No engagement history yet.")).toBeVisible();
  await timeline.getByRole("button", { name: "Log contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Log Contact" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Type" })).toHaveValue("Call");
  // A summary left empty is refused in the form before anything is sent.
  await dialog.getByLabel("Date").fill(daysAgo(3));
  await dialog.getByLabel("Participants").fill("Ada and her accountant");
  await dialog.getByRole("button", { name: "Save Contact" }).click();
  await expect(dialog.getByText("Please write a short summary of the contact.")).toBeVisible();
  await dialog.getByTestId("contact-summary-content").locator(".ProseMirror").click();
  await page.keyboard.type("Discussed the new library wing; she wants to see the plans.");
  await dialog.getByLabel("Next step").fill("Send the architect's drawings");
  await dialog.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByText("Contact report saved.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const entry = timeline.getByTestId("contact-report");
  await expect(entry).toHaveCount(1);
  const d3 = new Date(`${daysAgo(3)}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  await expect(entry).toContainText(`Call · ${d3}`);
  await expect(entry).toContainText("Discussed the new library wing");
  await expect(entry).toContainText("With: Ada and her accountant");
  await expect(entry).toContainText("Next step: Send the architect's drawings");

  // Edit it: a meeting, a day later.
  await timeline.getByRole("button", { name: `Edit contact report: Call · ${d3}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Contact Report" });
  await edit.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Meeting" }).click();
  await edit.getByLabel("Date").fill(daysAgo(2));
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Contact report updated.")).toBeVisible();
  const d2 = new Date(`${daysAgo(2)}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  await expect(entry).toContainText(`Meeting · ${d2}`);

  // The list: Last Contact and Days Since Contact, sorted newest first (never contacted last).
  await page.goto("/donors");
  const table = page.getByRole("table", { name: "Donors" });
  // The two contact columns start hidden (every shown column fits at 1280 px); the Columns menu adds them.
  await expect(table.getByRole("columnheader", { name: "Last Contact" })).toHaveCount(0);
  await page.getByRole("button", { name: "Columns" }).click();
  // Each item says whether its column is shown, in words as well as by its tick.
  await expect(page.getByRole("menuitem", { name: "Last Contact (hidden)", exact: true })).toBeVisible();
  await page.getByRole("menuitem", { name: "Last Contact" }).click();
  await expect(page.getByRole("menuitem", { name: "Last Contact (shown)", exact: true })).toBeVisible();
  await page.getByRole("menuitem", { name: "Days Since Contact" }).click();
  await page.getByRole("menuitem", { name: "Relationship Manager" }).click();
  await page.keyboard.press("Escape");
  await expect(table.getByRole("columnheader", { name: "Last Contact" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Days Since Contact" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Relationship Manager" })).toBeVisible();
  // With every optional column shown at 1280 px, Name and Email keep room to be read (they were squeezed
  // to ≈ 20 px, a letter a line); the table scrolls sideways inside its card instead.
  for (const header of ["Name", "Email"]) {
    const box = (await table.getByRole("columnheader", { name: header, exact: true }).boundingBox())!;
    expect(box.width, `the ${header} column's width`).toBeGreaterThanOrEqual(100);
  }
  await expect(table.getByRole("link", { name: "Lovelace, Ada" })).toBeVisible();
  await table.getByRole("columnheader", { name: "Last Contact" }).getByRole("button").click();
  await expect(page).toHaveURL(/sort=lastContactDate/);
  const names = table.locator("tbody tr").getByRole("link", { name: /, / });
  await expect(names).toHaveText(["Lovelace, Ada", "Hopper, Grace", "Turing, Alan"]);
  const ada = table.locator("tbody tr").filter({ hasText: "Lovelace" });
  await expect(ada).toContainText(d2);
  await expect(ada.getByRole("cell").filter({ hasText: /^2$/ })).toHaveCount(1);
  await table.getByRole("columnheader", { name: "Days Since Contact" }).getByRole("button").click();
  await expect(names.first()).toHaveText("Lovelace, Ada");
  await table.getByRole("columnheader", { name: "Days Since Contact" }).getByRole("button").click();
  await expect(names).toHaveText(["Hopper, Grace", "Lovelace, Ada", "Turing, Alan"]);

  // The stage prompt preview lists the interaction (plain text, newest first).
  const campaign = await page.request.post("/api/campaigns", {
    headers: { origin: BASE },
    data: { name: "Library Wing", goal: "$2,000,000", startDate: "2026-01-01", endDate: "2026-12-31" },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  await page.goto(`/donor/${id("Lovelace")}`);
  await page.getByRole("combobox", { name: "Campaign", exact: true }).click();
  await page.getByRole("option", { name: "Library Wing" }).click();
  await page.getByRole("button", { name: "Preview Prompt" }).click();
  const preview = page.getByLabel("Prompt (you can edit it before sending)");
  await expect(preview).toHaveValue(
    new RegExp(`Recent interactions \\(newest first\\):\\n- ${d2} · Meeting: Discussed the new library wing`),
  );
  await expect(preview).not.toHaveValue(/<p>/);
});
