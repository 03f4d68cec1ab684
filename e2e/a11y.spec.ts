import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";
import { E2E_PORT } from "./playwright.config.ts";
import { ADMIN } from "./fixtures.ts";

/**
 * Issue 14, "Accessible to everyone (WCAG 2.2 AA)": axe (the WCAG 2.0/2.1/2.2 A and AA rules) on every page
 * of the app for every role, signed out, waiting for approval, admin, owner, manager and officer: no serious or critical
 * violation. One page load and one axe run per page × role. A page that is the same component for
 * several roles (a donor's three pages, support, account, imports) is checked for the roles that see
 * the most controls on it (admin, owner) and sampled for the others: only which buttons show differs.
 * /dashboard only redirects, so each role's dashboard is checked at its own address.
 *
 * No rule is excluded. A11Y_DISCOVER=1 prints every violation instead of failing (to see them all in
 * one run when fixing). Each worker seeds its own organisation (a few seconds), so the roles run on
 * both workers.
 */
test.describe.configure({ timeout: 180_000 });

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PASSWORD = "a11y-pass-1";
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function apiAs(email: string, password: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  const res = await ctx.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(res.ok(), `sign-in ${email}: ${await res.text()}`).toBe(true);
  return ctx;
}

async function json<T = unknown>(api: APIRequestContext, method: string, url: string, data?: unknown): Promise<T> {
  const res = await api.fetch(url, { method, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

type Seeded = {
  orgId: string;
  donorId: string;
  issueId: string;
  users: Record<"owner" | "manager" | "officer" | "pending", string>;
};
let seeded: Seeded;

let seedMs = 0;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  const seedStarted = Date.now();
  const api = await apiAs(ADMIN.email, ADMIN.password);
  const org = await json<{ id: string }>(api, "POST", "/api/admin/organizations", { name: `A11y Trust ${RUN}` });
  const users = {} as Seeded["users"];
  for (const role of ["owner", "manager", "officer"] as const) {
    const email = `a11y-${role}-${RUN}@example.org`;
    const created = await json<{ user: { id: string } }>(api, "POST", "/api/admin/users", {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      organizationId: org.id,
    });
    await json(api, "PUT", `/api/admin/users/${created.user.id}/role`, { role: `org_${role}` });
    await json(api, "POST", `/api/admin/users/${created.user.id}/approve`, {});
    users[role] = email;
  }
  // A user waiting for approval: User Management shows its Approve and role controls, and the user
  // sees /pending-approval.
  users.pending = `a11y-pending-${RUN}@example.org`;
  await json(api, "POST", "/api/admin/users", {
    email: users.pending,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    organizationId: org.id,
  });

  const owner = await apiAs(users.owner, PASSWORD);
  const csv = [
    "First Name,Last Name,Email,Estimated Capacity,Quality Score,Last Gift Date",
    ...Array.from(
      { length: 12 },
      (_, i) => `Ada${i},Lovelace${i},ada${i}-${RUN}@example.org,${(i + 1) * 50000},${i % 10},2025-0${(i % 9) + 1}-15`,
    ),
  ].join("\r\n");
  const imp = await owner.post(`/api/donors/imports?fileName=a11y.csv`, {
    headers: { "content-type": "text/csv" },
    data: Buffer.from(csv),
  });
  expect(imp.status(), await imp.text()).toBe(202);
  const { id: importId } = (await imp.json()) as { id: string };
  await expect
    .poll(async () => (await json<{ status: string }>(owner, "GET", `/api/donors/imports/${importId}`)).status, {
      timeout: 30_000,
    })
    .toBe("completed");
  const list = await json<{ rows: { id: string }[] }>(owner, "GET", "/api/donors?pageSize=50");
  const donorIds = list.rows.map((r) => r.id);
  const donorId = donorIds[0]!;
  const group = await json<{ id: string }>(owner, "POST", "/api/donor-groups", { name: `Gala guests ${RUN}` });
  await json(owner, "POST", `/api/donor-groups/${group.id}/members`, { donorIds: donorIds.slice(0, 3) });
  await json(owner, "POST", "/api/saved-donor-groups", {
    name: `Big givers ${RUN}`,
    filterSettings: { searchTerm: "Ada" },
  });
  const campaign = await json<{ id: string }>(owner, "POST", "/api/campaigns", {
    name: `Spring Gala ${RUN}`,
    goal: "Raise $250k at the gala",
    startDate: "2026-01-01",
    endDate: "2026-12-31",
  });
  // Next steps, overdue and due this week, for the owner and the officer: /today and the donor's
  // dashboard show their lists (not only the empty states).
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const officer = await apiAs(users.officer, PASSWORD);
  for (const [who, offset] of [
    [owner, -2],
    [owner, 3],
    [officer, -1],
    [officer, 2],
  ] as const)
    await json(who, "POST", `/api/donors/${donorId}/next-steps`, {
      title: `Call about the gala ${offset}`,
      dueDate: day(offset),
    });
  await officer.dispose();
  await json(owner, "PUT", `/api/donors/${donorId}/notes`, { notes: "<p>Met at the spring gala.</p>" });
  const stage = { stage: "Discovery", campaignId: campaign.id, prepNotes: "Likes gardens." };
  const preview = await json<{ prompt: string }>(owner, "POST", `/api/donors/${donorId}/stages/preview`, stage);
  const gen = await owner.post(`/api/donors/${donorId}/stages/generate`, {
    data: { ...stage, prompt: preview.prompt },
  });
  expect(gen.ok(), await gen.text()).toBe(true);
  const issue = await json<{ id: string }>(owner, "POST", "/api/issues", {
    type: "bug",
    title: "The export button is grey",
    description: "It stays grey after choosing donors.",
  });
  await json(api, "PATCH", `/api/issues/${issue.id}`, { status: "resolved", resolutionComment: "Fixed." });
  await owner.dispose();
  await api.dispose();
  seeded = { orgId: org.id, donorId, issueId: issue.id, users };
  seedMs = Date.now() - seedStarted;
});

// ---------------------------------------------------------------- the pages

type Role = "signed out" | "pending" | "admin" | "owner" | "manager" | "officer";

/** Every route of apps/web/src/app/router.tsx a role may open (the donor pages with the seeded donor). */
function pagesFor(role: Role): string[] {
  const d = seeded.donorId;
  const donor = [`/donor/${d}`, `/donor/${d}/dashboard`, `/donor/${d}/full`];
  switch (role) {
    case "signed out":
      return [
        "/",
        "/login",
        "/register",
        "/forgot-password",
        "/reset-password?token=expired",
        "/onboarding-form",
        "/no-such-page",
      ];
    // Signed in, waiting for approval: the one page such a user is sent to.
    case "pending":
      return ["/pending-approval"];
    case "admin":
      return [
        "/admin",
        "/admin/users",
        "/admin/organizations",
        "/admin/prompts",
        "/admin/actions",
        "/admin/outbox",
        "/admin/campaigns",
        `/donors?organizationId=${seeded.orgId}`,
        "/today",
        `/imports?organizationId=${seeded.orgId}`,
        `/donor-groups?organizationId=${seeded.orgId}`,
        ...donor,
        "/support",
        `/support/issues/${seeded.issueId}`,
        "/account",
      ];
    case "owner":
      return [
        "/org-owner-dashboard",
        "/today",
        "/donors",
        "/imports",
        "/donor-groups",
        "/saved-donor-groups",
        "/admin/campaigns",
        "/admin/users",
        "/admin/actions",
        donor[0]!,
        `/donor-full/${d}`,
        "/support/submit",
        "/account",
      ];
    // Managers (whose dashboard is the donor list) and officers: the pages whose controls differ by role.
    case "manager":
      return ["/donors", "/today", "/admin/campaigns", "/admin/actions", donor[0]!, "/account"];
    case "officer":
      return [
        "/org-officer-dashboard",
        "/today",
        "/donors",
        "/donor-groups",
        "/campaigns",
        donor[0]!,
        donor[1]!,
        "/account",
      ];
  }
}

const summary: { role: Role; path: string; violations: number; nodes: number; loadMs: number; axeMs: number }[] = [];

async function contextFor(browser: Browser, role: Role) {
  const context = await browser.newContext({ baseURL: BASE });
  if (role !== "signed out") {
    const email = role === "admin" ? ADMIN.email : seeded.users[role];
    const password = role === "admin" ? ADMIN.password : PASSWORD;
    const res = await context.request.post("/api/auth/sign-in/email", {
      data: { email, password },
      headers: { origin: BASE },
    });
    expect(res.ok(), `sign-in ${email}: ${await res.text()}`).toBe(true);
  }
  return context;
}

/** Waits until the page has rendered its content (no loader, a heading on screen). */
async function settle(page: Page) {
  await expect(page.locator("h1, h2").first()).toBeVisible();
  await expect(page.locator(".mantine-Loader-root, [data-loading]")).toHaveCount(0);
  // Mantine's transitions (150–200 ms): axe reads colours, so let them end.
  await page.waitForTimeout(250);
}

for (const role of ["signed out", "pending", "admin", "owner", "manager", "officer"] as const) {
  test(`axe: no serious or critical WCAG A/AA violation on any page, ${role}`, async ({ browser }) => {
    const context = await contextFor(browser, role);
    const page = await context.newPage();
    for (const path of pagesFor(role)) {
      const started = Date.now();
      await page.goto(path);
      await settle(page);
      const loaded = Date.now();
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      summary.push({
        role,
        path,
        violations: bad.length,
        nodes: bad.reduce((n, v) => n + v.nodes.length, 0),
        loadMs: loaded - started,
        axeMs: Date.now() - loaded,
      });
      const found = bad.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}\n` +
          v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(" ")}  ${n.failureSummary?.split("\n").slice(1, 2).join("")}`)
            .join("\n"),
      );
      if (process.env.A11Y_DISCOVER) {
        if (found.length) console.log(`### ${role} ${path}\n${found.join("\n")}`);
      } else expect.soft(found, `${role} ${path}`).toEqual([]);
    }
    await context.close();
  });
}

/** axe on what is on screen now; the serious and critical violations, one line per rule. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n").slice(1, 2).join("")}`).join(", ")}`,
    );
}

// The dialogs and menus a page load does not open (issue 15's newer screens): the donor list's Columns and
// Add to Group menus, the donor dashboard's Log contact and Add a next step forms and a next step's menu, the
// account page's calendar link once made.
test("axe: no serious or critical WCAG A/AA violation in the officer's dialogs and menus", async ({ browser }) => {
  const context = await contextFor(browser, "officer");
  const page = await context.newPage();
  const check = async (what: string) => {
    await page.waitForTimeout(250); // the opening transition
    const found = await seriousViolations(page);
    if (process.env.A11Y_DISCOVER) {
      if (found.length) console.log(`### officer ${what}\n${found.join("\n")}`);
    } else expect.soft(found, `officer ${what}`).toEqual([]);
  };

  await page.goto("/donors");
  await settle(page);
  await page.getByRole("button", { name: "Columns" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await check("the donor list's Columns menu");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await page.getByRole("button", { name: "Add to Group" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await check("the donor list's Add to Group menu");
  await page.keyboard.press("Escape");
  // Past 50 groups the menus end with "Find another group…", which opens a search dialog (ADR 072).
  const officerApi = await apiAs(seeded.users.officer, PASSWORD);
  for (let i = 0; i < 50; i++)
    await json(officerApi, "POST", "/api/donor-groups", { name: `Axe group ${String(i).padStart(2, "0")}` });
  await officerApi.dispose();
  await page.reload();
  await settle(page);
  await page
    .getByRole("checkbox", { name: /^Select / })
    .first()
    .check();
  await page.getByRole("button", { name: "Add to Group" }).click();
  await page.getByRole("menuitem", { name: "Find another group…" }).click();
  const find = page.getByRole("dialog", { name: "Add to Group" });
  await expect(find).toBeVisible();
  await find.getByRole("combobox", { name: "Group" }).fill("axe group 4");
  await expect(page.getByRole("option", { name: "Axe group 40" })).toBeVisible();
  await check("the Find another group dialog, its options open");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.goto(`/donor/${seeded.donorId}/dashboard`);
  await settle(page);
  await page.getByRole("region", { name: "Engagement Timeline" }).getByRole("button", { name: "Log contact" }).click();
  await expect(page.getByRole("dialog", { name: "Log Contact" })).toBeVisible();
  await check("the Log contact form");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.getByRole("region", { name: "Planned Next Steps" }).getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("dialog", { name: "Add a next step" })).toBeVisible();
  await check("the Add a next step form");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await page
    .getByRole("region", { name: "Planned Next Steps" })
    .getByRole("button", { name: /^More actions for / })
    .first()
    .click();
  await expect(page.getByRole("menu")).toBeVisible();
  await check("a next step's More actions menu");
  await page.keyboard.press("Escape");

  await page.goto("/account");
  await settle(page);
  const calendar = page.getByRole("region", { name: "Calendar link" });
  await calendar.getByRole("button", { name: "Make a calendar link" }).click();
  await expect(calendar.getByLabel("Your calendar link")).toBeVisible();
  await check("the account page's calendar link");
  await context.close();
});

test.afterAll(() => {
  console.log(
    `axe (${TAGS.join(", ")}), this worker (seeded in ${seedMs} ms): ${summary.length} page × role runs, ${summary.filter((s) => s.violations).length} with serious/critical violations.\n` +
      summary
        .map(
          (s) =>
            `  ${s.role.padEnd(10)} ${String(s.violations).padStart(2)} rules ${String(s.nodes).padStart(3)} nodes  ${s.path} (load ${s.loadMs} ms, axe ${s.axeMs} ms)`,
        )
        .join("\n"),
  );
});
