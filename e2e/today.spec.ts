import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures.ts";
import { adminApi, apiAs, importAs, newOrg, PASSWORD, shot, userIn } from "./org-fixtures.ts";

/**
 * Issue 15, The officer's day: an officer signs in to /today and finds their donors without contact and
 * their high-capacity donors not yet started, each a link to the donor; the owner sets "no contact after
 * N days" on their dashboard and Today follows; the weekly digest is turned on on the account page.
 */
test.describe.configure({ timeout: 90_000 });

const utcDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test("an officer lands on Today and sees their donors to contact; the owner sets N; the digest turns on", async ({
  page,
}) => {
  const api = await adminApi();
  const org = await newOrg(api);
  const owner = await userIn(api, org.id, "org_owner");
  const officer = await userIn(api, org.id, "org_officer");
  await api.dispose();
  // The owner imports a portfolio for the officer (the Relationship Manager Email column).
  const ownerApi = await apiAs(owner.email);
  const csv =
    [
      "First Name,Last Name,Client ID,Estimated Capacity,Relationship Manager Email",
      `Grace,Hopper,T-1,2500000,${officer.email}`,
      `Ada,Lovelace,T-2,750000,${officer.email}`,
      `Alan,Turing,T-3,,${officer.email}`,
      `Edsger,Dijkstra,T-4,9000000,`,
    ].join("\r\n") + "\r\n";
  await importAs(ownerApi, csv, "portfolio.csv");
  const rows = ((await (await ownerApi.get("/api/donors")).json()) as { rows: { id: string; lastName: string }[] })
    .rows;
  const idOf = (name: string) => rows.find((r) => r.lastName === name)!.id;
  // Ada was called 40 days ago: within 90 days, but not within 30.
  const report = await ownerApi.post(`/api/donors/${idOf("Lovelace")}/contact-reports`, {
    data: { type: "call", date: utcDaysAgo(40), summary: "<p>Caught up about the gala.</p>" },
  });
  expect(report.status(), await report.text()).toBe(201);
  await ownerApi.dispose();

  // ---- the officer's home after sign-in is Today
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, officer.email, PASSWORD);
  await expect(page).toHaveURL(/\/today$/);
  const noContact = page.getByRole("region", { name: "No contact for 90 days" });
  await expect(noContact.getByTestId("today-donor")).toHaveCount(2);
  await expect(noContact.getByTestId("today-donor").first()).toContainText("Never contacted");
  await expect(noContact).toContainText("2 donors");
  const notStarted = page.getByRole("region", { name: "High capacity, not yet in Discovery" });
  await expect(notStarted.getByTestId("today-donor")).toHaveText([
    /Grace Hopper.*\$2,500,000/,
    /Ada Lovelace.*\$750,000/,
  ]);
  await expect(notStarted).not.toContainText("Dijkstra"); // not the officer's
  await expect(page.getByRole("region", { name: "Longer in stage than usual" })).toContainText(
    "No donor has been in a stage longer than usual.",
  );
  await shot(page, "today-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(noContact).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await shot(page, "today-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await notStarted.getByRole("link", { name: "Grace Hopper" }).click();
  await expect(page).toHaveURL(new RegExp(`/donor/${idOf("Hopper")}/dashboard$`));

  // ---- the weekly digest, on the account page
  await page.goto("/account");
  const digest = page.getByRole("region", { name: "Weekly digest" });
  await digest.getByRole("button", { name: "Turn on the digest" }).click();
  await expect(page.getByText("Your weekly digest is on.")).toBeVisible();
  await expect(digest.getByRole("button", { name: "Turn off" })).toBeVisible();

  // ---- the owner: their dashboard as before, and N
  await page.context().clearCookies();
  await signIn(page, owner.email, PASSWORD);
  await expect(page).toHaveURL(/\/org-owner-dashboard$/);
  // The pipeline chart's counts in words too: no stage recorded yet, so all four are in Discovery.
  const byStage = page.getByRole("list", { name: "Donors by stage" }).getByRole("listitem");
  await expect(byStage).toHaveCount(6);
  await expect(byStage.first()).toContainText("Discovery");
  await expect(byStage.first()).toContainText("4 donors");
  await expect(byStage.nth(1)).toContainText("0 donors");
  const setting = page.getByRole("region", { name: "Donors without contact" });
  const days = setting.getByLabel("No contact after (days)");
  await expect(days).toHaveValue("90");
  await days.fill("5");
  await setting.getByRole("button", { name: "Save" }).click();
  await expect(setting.getByText("Enter a whole number of days between 7 and 730.")).toBeVisible();
  await days.fill("30");
  await setting.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. Donors without contact for 30 days now appear on Today.")).toBeVisible();
  await page.goto(`/today?owner=${officer.id}`);
  const officers = page.getByRole("region", { name: "No contact for 30 days" });
  await expect(officers.getByTestId("today-donor")).toHaveCount(3);
  await expect(officers).toContainText("Ada Lovelace");
  await page.goto("/today?owner=all");
  await expect(page.getByRole("region", { name: "High capacity, not yet in Discovery" })).toContainText(
    "Edsger Dijkstra",
  );
});
