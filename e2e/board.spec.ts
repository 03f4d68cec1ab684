import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./fixtures.ts";
import { adminApi, apiAs, csvOf, importAs, newOrg, shot, unique, userIn } from "./org-fixtures.ts";

/**
 * Issue 15, Pipeline board: the campaigns page opens a campaign's board; a card moves one column on with the
 * keyboard alone (its button, a note in the dialog); the counts follow; a card someone else moved meanwhile
 * is refused with the server's sentence; the donor page names who recorded the move; a phone stacks the
 * columns without sideways scrolling.
 */
test.describe.configure({ timeout: 90_000 });

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });

/**
 * An officer of a new organisation who has imported `csv` and put every donor in a new campaign of
 * `campaignName`: their API client (dispose it), the campaign and each donor's id by first name.
 */
async function officerWithCampaign(csv: string, campaignName: string, goal: string) {
  const api = await adminApi();
  const org = await newOrg(api);
  const officer = await userIn(api, org.id, "org_officer");
  await api.dispose();
  const officerApi = await apiAs(officer.email);
  await importAs(officerApi, csv, "board.csv");
  const rows = (
    (await (await officerApi.get("/api/donors?pageSize=100")).json()) as { rows: { id: string; firstName: string }[] }
  ).rows;
  const created = await officerApi.post("/api/campaigns", {
    data: { name: campaignName, goal, startDate: "2027-01-01", endDate: "2027-12-31" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = ((await created.json()) as { id: string }).id;
  for (const r of rows)
    expect(
      (await officerApi.put(`/api/donors/${r.id}/campaign-goals/${campaignId}`, { data: { goalText: "" } })).ok(),
    ).toBe(true);
  const idOf = (first: string) => rows.find((r) => r.firstName === first)!.id;
  return { officer, officerApi, campaignId, rows, idOf };
}

test("a card moves one column on with the keyboard, with a note; a stale move is refused with the server's sentence", async ({
  page,
}) => {
  const name = unique("Gala");
  const { officer, officerApi, campaignId, idOf } = await officerWithCampaign(csvOf(3, "Board"), name, "Raise $250k");

  await signIn(page, officer.email, "secret-pass");
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto("/campaigns");
  await page.getByTestId("campaign-card").filter({ hasText: name }).getByRole("link", { name: "Board" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}/board$`));
  await expect(page.getByRole("heading", { level: 1, name: `${name}: pipeline board` })).toBeVisible();
  await expect(heading(page, "Discovery (3)")).toBeVisible();
  await expect(heading(page, "Connection (0)")).toBeVisible();
  await expect(heading(page, "Complete (0)")).toBeVisible();

  // Keyboard only: from the card's name, Tab to its button, Enter opens the dialog with the note focused.
  const card = page.getByTestId("board-card").filter({ hasText: "Board0 Family0" });
  await card.getByRole("link", { name: "Board0 Family0" }).focus();
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Move to Connection: Board0 Family0" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Move Board0 Family0 to Connection" });
  await expect(dialog.getByLabel("Note")).toBeFocused();
  // No note: the shared schema's sentence at the field.
  await page.keyboard.press("Tab"); // Cancel
  await page.keyboard.press("Tab"); // Move to Connection
  await expect(dialog.getByRole("button", { name: "Move to Connection" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Please write a short note about this move.")).toBeVisible();
  await dialog.getByLabel("Note").focus();
  await page.keyboard.type("Met her at the spring lunch.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Board0 Family0 moved to Connection.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(heading(page, "Discovery (2)")).toBeVisible();
  await expect(heading(page, "Connection (1)")).toBeVisible();
  // The moved card keeps the keyboard's place: its next button.
  await expect(page.getByRole("button", { name: "Move to Deepening: Board0 Family0" })).toBeFocused();
  await shot(page, "board-after-move");
  // The board passes axe's WCAG A/AA checks (a11y.spec.ts's bar: nothing serious or critical).
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // Someone else moves Board1 while the dialog is open: the server refuses, and the board says why.
  await page
    .getByTestId("board-card")
    .filter({ hasText: "Board1 Family1" })
    .getByRole("button", { name: "Move to Connection: Board1 Family1" })
    .click();
  const second = page.getByRole("dialog", { name: "Move Board1 Family1 to Connection" });
  const meanwhile = await officerApi.post(`/api/campaigns/${campaignId}/board/moves`, {
    data: { donorId: idOf("Board1"), toStage: "Connection", note: "Moved from another tab" },
  });
  expect(meanwhile.status(), await meanwhile.text()).toBe(200);
  await second.getByLabel("Note").fill("Called him today.");
  await second.getByRole("button", { name: "Move to Connection" }).click();
  await expect(second.getByRole("alert")).toContainText("This donor is already in Connection.");
  await second.getByRole("button", { name: "Cancel" }).click();
  await expect(heading(page, "Connection (2)")).toBeVisible();
  await expect(heading(page, "Discovery (1)")).toBeVisible();

  // The donor page: the move is a stage record by a person, with the note, not AI output.
  await page.getByRole("link", { name: "Board0 Family0" }).click();
  await expect(page.getByTestId("person-stage-record")).toContainText("Met her at the spring lunch.");
  await expect(page.getByTestId("person-stage-record")).toContainText("Recorded by");

  // A phone: the columns stack, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/campaigns/${campaignId}/board`);
  await expect(heading(page, "Connection (2)")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, "board-390");

  // Board0 goes on to Complete: one of the campaign's three donors, a third, as the officer's dashboard says.
  for (const toStage of ["Deepening", "Solicitation", "Follow-Up", "Complete"]) {
    const moved = await officerApi.post(`/api/campaigns/${campaignId}/board/moves`, {
      data: { donorId: idOf("Board0"), toStage, note: "On we go" },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await officerApi.dispose();
  await page.goto("/org-officer-dashboard");
  await expect(
    page.getByTestId("performance").getByRole("img", {
      name: "33% of the donors in your campaigns completed all five stages",
    }),
  ).toBeVisible();
  await expect(page.getByTestId("performance")).toContainText("1 donor completed all five stages");
});

test("a column shows its first 50 cards and more on request; a card moved past them leaves the keyboard on its column", async ({
  page,
}) => {
  // 52 donors by capacity, Many0 the largest, and Least with $1.
  const csv =
    [
      "First Name,Last Name,Client ID,Estimated Capacity",
      ...Array.from({ length: 52 }, (_, i) => `Many${i},Family${i},M-${i},${(100 - i) * 1000}`),
      "Least,Family,L-1,1",
    ].join("\r\n") + "\r\n";
  const { officer, officerApi, campaignId, rows, idOf } = await officerWithCampaign(csv, unique("Annual"), "Raise $1M");
  expect(rows).toHaveLength(53);
  // Many0-Many50 move on to Connection: 51 cards there, 2 left in Discovery.
  for (let i = 0; i <= 50; i++) {
    const moved = await officerApi.post(`/api/campaigns/${campaignId}/board/moves`, {
      data: { donorId: idOf(`Many${i}`), toStage: "Connection", note: "Met" },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await officerApi.dispose();

  await signIn(page, officer.email, "secret-pass");
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/campaigns/${campaignId}/board`);
  const connection = page.locator('[data-testid="board-column"][data-stage="Connection"]');
  await expect(heading(page, "Connection (51)")).toBeVisible();
  await expect(connection.getByTestId("board-card")).toHaveCount(50);
  await expect(connection.getByTestId("board-card").first()).toContainText("Many0 Family0");
  await expect(connection.getByText("Showing 50 of 51, the highest capacity first.")).toBeVisible();
  await expect(connection.getByRole("button", { name: "Show 1 more in Connection" })).toBeVisible();
  await expect(heading(page, "Discovery (2)")).toBeVisible();

  // Least ($1) moves to Connection, where it is 52nd of 52: not among the cards shown, so the keyboard
  // lands on the column's heading.
  await page.getByRole("button", { name: "Move to Connection: Least Family" }).click();
  const dialog = page.getByRole("dialog", { name: "Move Least Family to Connection" });
  await dialog.getByLabel("Note").fill("Said hello at the gala.");
  await dialog.getByRole("button", { name: "Move to Connection" }).click();
  await expect(page.getByText("Least Family moved to Connection.")).toBeVisible();
  await expect(heading(page, "Connection (52)")).toBeFocused();
  await expect(connection.getByText("Showing 50 of 52, the highest capacity first.")).toBeVisible();

  // Show more, by keyboard: the rest, in capacity order, Least last. The heading kept the keyboard and
  // Least's card does not take it back when it appears.
  await connection.getByRole("button", { name: "Show 2 more in Connection" }).focus();
  await page.keyboard.press("Enter");
  await expect(connection.getByTestId("board-card")).toHaveCount(52);
  // The keyboard goes to the first card added (the button is gone: nothing more to show).
  await expect(connection.getByRole("link", { name: "Many50 Family50" })).toBeFocused();
  await expect(connection.getByTestId("board-card").last()).toContainText("Least Family");
  await expect(connection.getByText(/^Showing/)).toHaveCount(0);
  await shot(page, "board-show-more");
});
