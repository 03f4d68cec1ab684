import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures.ts";
import { adminApi, apiAs, csvOf, importAs, newOrg, shot, userIn } from "./org-fixtures.ts";

/**
 * Issue 15, Next steps: a step is reassigned to a colleague, and marking it done offers the contact
 * report for it, started from the step's wording (docs/RULES.md, Next steps).
 */
test.describe.configure({ timeout: 90_000 });

const isoDaysFromNow = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

test("reassign a next step to a colleague, then Done offers its contact report", async ({ page }) => {
  const api = await adminApi();
  const org = await newOrg(api);
  const officer = await userIn(api, org.id, "org_officer");
  const colleague = await userIn(api, org.id, "org_officer");
  await api.dispose();
  const officerApi = await apiAs(officer.email);
  await importAs(officerApi, csvOf(1, "Reassign"), "one.csv");
  const donorId = ((await (await officerApi.get("/api/donors")).json()) as { rows: { id: string }[] }).rows[0]!.id;
  const made = await officerApi.post(`/api/donors/${donorId}/next-steps`, {
    data: { title: "Schedule a coffee with the Tans", dueDate: isoDaysFromNow(2) },
  });
  expect(made.status(), await made.text()).toBe(201);
  await officerApi.dispose();

  await signIn(page, officer.email, "secret-pass");
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/donor/${donorId}/dashboard`);
  const card = page.getByRole("region", { name: "Planned Next Steps" });
  const step = card.getByTestId("next-step").filter({ hasText: "Schedule a coffee with the Tans" });
  await expect(step).toContainText(officer.email);

  // Reassign, by keyboard from the menu.
  await step.getByRole("button", { name: "More actions for Schedule a coffee with the Tans" }).click();
  await page.getByRole("menuitem", { name: "Reassign…" }).click();
  const dialog = page.getByRole("dialog", { name: "Reassign next step" });
  await expect(dialog.getByRole("button", { name: "Reassign" })).toBeDisabled(); // nothing changed yet
  await dialog.getByRole("combobox", { name: "Owner" }).click();
  await page.getByRole("option", { name: colleague.email }).click();
  await dialog.getByRole("button", { name: "Reassign" }).click();
  await expect(page.getByText("Next step saved.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(step).toContainText(colleague.email);

  // Done offers the contact report, started from the step: a coffee is a meeting.
  await step.getByRole("button", { name: "Mark done: Schedule a coffee with the Tans" }).click();
  await expect(page.getByText("Next step marked done.")).toBeVisible();
  const offer = page.getByRole("dialog", { name: "Log a contact report?" });
  await expect(offer).toContainText("“Schedule a coffee with the Tans” is done.");
  await shot(page, "next-step-done-offer");
  await offer.getByRole("button", { name: "Log contact" }).click();
  const form = page.getByRole("dialog", { name: "Log Contact" });
  await expect(form.getByRole("combobox", { name: "Type" })).toHaveValue("Meeting");
  await expect(form.getByRole("textbox", { name: "Summary" })).toHaveText("Schedule a coffee with the Tans");
  await form.getByRole("button", { name: "Save Contact" }).click();
  await expect(page.getByText("Contact report saved.")).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole("region", { name: /timeline/i })).toContainText("Schedule a coffee with the Tans");

  // "Not now" leaves it at that.
  const second = await apiAs(officer.email);
  expect(
    (
      await second.post(`/api/donors/${donorId}/next-steps`, {
        data: { title: "Send the proposal", dueDate: isoDaysFromNow(5) },
      })
    ).status(),
  ).toBe(201);
  await second.dispose();
  await page.reload();
  await card.getByRole("button", { name: "Mark done: Send the proposal" }).click();
  await page.getByRole("dialog", { name: "Log a contact report?" }).getByRole("button", { name: "Not now" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
