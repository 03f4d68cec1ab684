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
 * XSS in the browser (issue 11, "Tests the project keeps"). Classic payloads go in through the real API
 * (CSV import cells and headers, donor notes, group and saved-group names, a saved group's filters,
 * campaigns, campaign goals, preparation notes, the prompt sent, AI output, a stage prompt, support
 * issues, organisation names, onboarding answers, user emails, the activity log) and every page that
 * shows them is opened in Chromium as the admin, an organisation owner and an officer. On every page:
 * no dialog opened, `window.__xss` is unset, no element carries an event-handler attribute, a
 * javascript:/data:text/html URL or an srcdoc, and no payload element (script, iframe, object…) exists.
 *
 * One seeding for three tests (admin, owner, officer), so the file runs serially.
 */
// 2–3 minutes with the server start on a busy 2-core machine; the limits leave room for a busier one.
test.describe.configure({ mode: "serial", timeout: 300_000 });

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

// ------------------------------------------------------------------ the payloads
// Each calls (or sets) a unique marker "xss-NN": a dialog or window.__xss names the one that ran.
const PAYLOADS: ((m: string) => string)[] = [
  (m) => `<script>alert('${m}')</script>`,
  (m) => `<img src=x onerror=alert('${m}')>`,
  (m) => `<svg onload=alert('${m}')>`,
  (m) => `"><img src=x onerror=alert('${m}')>`,
  (m) => `'><svg/onload=alert('${m}')>`,
  (m) => `"><iframe srcdoc="<script>parent.alert('${m}')</script>">`,
  (m) => `<a href="javascript:alert('${m}')">${m}</a>`,
  (m) => `javascript:alert('${m}')`,
  (m) => `<details open ontoggle=alert('${m}')>`,
  (m) => `<math><mtext><table><mglyph><style><img src=x onerror=alert('${m}')>`,
  (m) => `<noscript><p title="</noscript><img src=x onerror=alert('${m}')>">`,
  (m) => `<svg><style><img src=x onerror=alert('${m}')></style></svg>`,
  (m) => `<body onload=alert('${m}')>`,
  (m) => `<input autofocus onfocus=alert('${m}')>`,
  (m) => `<video><source onerror=alert('${m}')></video>`,
  (m) => `<object data="javascript:alert('${m}')"></object>`,
  (m) => `<embed src="data:text/html,<script>alert('${m}')</script>">`,
  (m) => `<form><button formaction=javascript:alert('${m}')>${m}</button></form>`,
  (m) => `[${m}](javascript:alert('${m}'))`,
  (m) => `![${m}](x" onerror="alert('${m}'))`,
  (m) => `=HYPERLINK("javascript:alert('${m}')","${m}")`,
  (m) => `+cmd|' /C alert(${m})'!A0`,
  (m) => `@SUM(1+1)*cmd|' /C calc'!A0 ${m}`,
  (m) => `{{constructor.constructor('alert("${m}")')()}}`,
  (m) => `\${alert('${m}')}`,
  (m) => `<marquee onstart=alert('${m}')>${m}</marquee>`,
  (m) => `<div style="background:url(javascript:alert('${m}'))">${m}</div>`,
  (m) => `<base href="javascript:alert('${m}')//">`,
  (m) => `<meta http-equiv="refresh" content="0;url=javascript:alert('${m}')">`,
  (m) => `<img src=x onerror="&#97;&#108;&#101;&#114;&#116;('${m}')">`,
  (m) => `<a href="jav&#x09;ascript:alert('${m}')">${m}</a>`,
  (m) => `<svg><a xlink:href="javascript:alert('${m}')"><text x="20" y="20">${m}</text></a></svg>`,
  (m) => `<iframe src="javascript:alert('${m}')"></iframe>`,
  (m) => `</textarea><script>alert('${m}')</script>`,
  (m) => `</title><script>alert('${m}')</script>`,
  (m) => `" onmouseover="alert('${m}')" x="`,
  (m) => `<scr<script>ipt>alert('${m}')</scr</script>ipt>`,
  (m) => `<img src=x onerror=window.__xss='${m}'>`,
  (m) => `<select autofocus onfocus=alert('${m}')></select>`,
  (m) => `<svg><animate onbegin=alert('${m}') attributeName=x dur=1s>`,
  (m) => `<style>@import 'javascript:alert("${m}")';</style>`,
  (m) => `data:text/html,<script>alert('${m}')</script>`,
  (m) => `<audio src=x onerror=alert('${m}')>`,
  (m) => `<xss id=x tabindex=1 autofocus onfocusin=alert('${m}')></xss>`,
  (m) => `<a href="#" onclick="alert('${m}')">${m}</a>`,
  (m) => `%3Cscript%3Ealert('${m}')%3C/script%3E`,
  (m) => `<!--<img src="--><img src=x onerror=alert('${m}')//">`,
  (m) => `<template><img src=x onerror=alert('${m}')></template><img src=x onerror=alert('${m}')>`,
];
const marker = (i: number) => `xss-${String(i + 1).padStart(2, "0")}`;
const V = PAYLOADS.map((p, i) => p(marker(i)));
const N = V.length;
/** The payload at any index (wraps around). */
const v = (i: number) => V[((i % N) + N) % N]!;

// ------------------------------------------------------------------ API helpers

type Api = {
  ctx: APIRequestContext;
  json: <T = unknown>(method: "GET" | "POST" | "PUT" | "PATCH", url: string, data?: unknown) => Promise<T>;
};

/** An API client with our Origin (state-changing requests must come from the app's origin), signed in when credentials are given. */
async function apiAs(email?: string, password?: string): Promise<Api> {
  const ctx = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  if (email) {
    const res = await ctx.post("/api/auth/sign-in/email", { data: { email, password } });
    expect(res.ok(), `sign-in ${email}: ${await res.text()}`).toBe(true);
  }
  return {
    ctx,
    json: async (method, url, data) => {
      const res = await ctx.fetch(url, { method, data });
      expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json();
    },
  };
}

const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Donor text fields the import fills with payloads (every row, every field, a different payload). */
const CSV_TEXT_FIELDS = [
  "Prefix",
  "First Name",
  "Middle Name",
  "Last Name",
  "Suffix",
  "Phone Number",
  "Address",
  "Address 2",
  "City",
  "State",
  "Zip",
  "Profile",
  "Client ID",
  "SP-First",
  "SP-Middle",
  "SP-Last",
  "First Date Range",
  "MBT Net Worth",
  "MBT Income Estimate",
  "MBT Highest Asset",
  "Assessment Questions",
  "DS Rating",
  "Notes",
];
/** Columns the importer does not know: they are kept under Additional Data with the payload as header. */
const UNKNOWN_HEADERS = [v(1), v(5), v(9)].map((h, i) => `${h} col${i}`);

/** One row per payload; row i's field j holds payload i + j, unknown columns too. Capacity and gifts are numbers. */
function payloadCsv(): string {
  const header = [
    ...CSV_TEXT_FIELDS,
    "Email",
    "Estimated Capacity",
    "Total Gift Amount",
    "# Of Gifts",
    ...UNKNOWN_HEADERS,
  ];
  const lines = [header.map(csvCell).join(",")];
  for (let i = 0; i < N; i++) {
    const texts = CSV_TEXT_FIELDS.map((_, j) => v(i + j));
    const unknown = UNKNOWN_HEADERS.map((_, j) => v(i + 30 + j));
    lines.push([...texts, `donor${i}-${RUN}@example.org`, "250000", "12500", "3", ...unknown].map(csvCell).join(","));
  }
  return lines.join("\r\n");
}

async function importCsv(api: Api, orgId: string, csv: string) {
  const res = await api.ctx.post(`/api/donors/imports?fileName=xss.csv&targetOrganizationId=${orgId}`, {
    headers: { "content-type": "text/csv" },
    data: Buffer.from(csv),
  });
  expect(res.status(), await res.text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(async () => (await api.json<{ status: string }>("GET", `/api/donors/imports/${id}`)).status, {
      timeout: 30_000,
    })
    .toBe("completed");
}

/** Runs a stage through the streaming route; returns the saved record (or the error event). */
async function generate(api: Api, donorId: string, body: Record<string, unknown>) {
  const preview = await api.json<{ prompt: string }>("POST", `/api/donors/${donorId}/stages/preview`, body);
  // The edited prompt carries payloads (saved as "the prompt sent"); FAKE-ECHO<<…>> makes the fake OpenAI
  // server answer with them, and the built-in offline planner echoes the donor, campaign and notes.
  const echo = V.filter((p) => !p.includes(">>"))
    .slice(0, 24)
    .join("\n");
  const res = await api.ctx.post(`/api/donors/${donorId}/stages/generate`, {
    data: { ...body, prompt: `${preview.prompt}\n\n${v(6)}\n${v(33)}\nFAKE-ECHO<<${echo}\n>>` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const events = (await res.text())
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; record?: { aiOutput: string }; message?: string });
  const done = events.find((e) => e.type === "done");
  expect(done, JSON.stringify(events.at(-1))).toBeTruthy();
  return done!.record!;
}

type Seeded = {
  orgId: string;
  orgName: string;
  applicantOrgName: string;
  donorIds: string[];
  mainDonorId: string;
  staticGroup: { id: string; name: string };
  savedGroupName: string;
  campaignName: string;
  officerCampaignName: string;
  issueId: string;
  owner: { email: string; password: string };
  officer: { email: string; password: string };
  trackedActionName: string;
};

let seeded: Seeded;
let adminApi: Api;
let promptChanged = false;

let seedMs = 0;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  const started = Date.now();
  const api = await apiAs(ADMIN.email, ADMIN.password);
  adminApi = api;

  // ---- organisation named with a payload, its owner (email with quotes) and an officer
  const orgName = `${v(3)} ${RUN}`;
  const org = await api.json<{ id: string }>("POST", "/api/admin/organizations", { name: orgName });
  const owner = { email: `xss'onfocus'${RUN}@example.org`, password: "owner-pass-1" };
  const officer = { email: `officer+${RUN}@example.org`, password: "officer-pass-1" };
  for (const [u, role] of [
    [owner, "org_owner"],
    [officer, "org_officer"],
  ] as const) {
    const created = await api.json<{ user: { id: string } }>("POST", "/api/admin/users", {
      email: u.email,
      password: u.password,
      confirmPassword: u.password,
      organizationId: org.id,
    });
    await api.json("PUT", `/api/admin/users/${created.user.id}/role`, { role });
    await api.json("POST", `/api/admin/users/${created.user.id}/approve`, {});
  }

  // ---- an applicant whose onboarding answers (and new organisation) are payloads
  const applicantOrgName = `${v(9)} ${RUN}`;
  const applicant = await apiAs();
  const applicantEmail = `applicant'${RUN}@example.org`;
  const signUp = await applicant.ctx.post("/api/auth/sign-up/email", {
    data: { email: applicantEmail, password: "applicant-pass", name: v(12) },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await applicant.json("POST", "/api/onboarding", {
    organizationName: applicantOrgName,
    firstName: v(0),
    lastName: v(1),
    phoneNumber: v(21).slice(0, 50),
    website: v(7),
    role: "other",
    otherRole: v(8),
    crmDb: v(10),
    aiTools: "Yes",
    aiToolsText: v(11),
    cultivateUse: V.join(" "),
  });
  await applicant.ctx.dispose();

  // ---- donors: one per payload through the CSV import
  await importCsv(api, org.id, payloadCsv());
  const list = await api.json<{ rows: { id: string; email: string | null }[]; total: number }>(
    "GET",
    `/api/donors?organizationId=${org.id}&pageSize=100`,
  );
  expect(list.rows.length).toBe(N);
  const byEmail = new Map(list.rows.map((r) => [r.email, r.id]));
  const donorIds = V.map((_, i) => byEmail.get(`donor${i}-${RUN}@example.org`)!);
  const mainDonorId = donorIds[1]!; // first name = payload 2 (img onerror)

  // ---- notes (rich text, sanitised by the server): every payload as HTML, with its marker as text
  const notes = V.map((p, i) => `<p>${marker(i)}: ${p}</p>`).join("");
  await api.json("PUT", `/api/donors/${mainDonorId}/notes`, { notes });
  await api.json("PUT", `/api/donors/${donorIds[2]}/notes`, { notes: `<p>${V.slice(0, 20).join(" ")}</p>` });

  // ---- groups: a static group and a saved filter group named with payloads
  const staticGroup = await api.json<{ id: string; name: string }>("POST", "/api/donor-groups", {
    name: v(15),
    organizationId: org.id,
  });
  await api.json("POST", `/api/donor-groups/${staticGroup.id}/members`, { donorIds: donorIds.slice(0, 10) });
  const savedGroupName = v(16);
  await api.json("POST", "/api/saved-donor-groups", {
    name: savedGroupName,
    filterSettings: { searchTerm: v(17), firstDateRange: v(18) },
    organizationId: org.id,
  });

  // ---- campaigns (name, goal, details, office) and a donor's campaign goal
  const campaignName = v(19);
  const campaign = await api.json<{ id: string }>("POST", "/api/campaigns", {
    name: campaignName,
    goal: v(20),
    startDate: "2026-01-01",
    endDate: "2026-12-31",
    details: V.join("\n"),
    officeInfo: v(22),
    organizationId: org.id,
  });
  await api.json("PUT", `/api/donors/${mainDonorId}/campaign-goals/${campaign.id}`, { goalText: v(23) });

  // ---- a stage prompt edited with a payload (restored in afterAll). Connection: the campaigns spec
  //      checks Deepening and Follow-Up only.
  await api.json("PUT", "/api/prompts/Connection", { promptText: `Connection prompt ${v(24)} ${v(25)} ${v(0)}` });
  promptChanged = true;

  // ---- stage records: preparation notes, the prompt sent and the AI output carry payloads
  await generate(api, mainDonorId, { stage: "Discovery", campaignId: campaign.id, prepNotes: `${v(26)} ${v(27)}` });
  await generate(api, mainDonorId, { stage: "Connection", campaignId: campaign.id, prepNotes: `${v(28)} ${v(29)}` });

  // ---- the officer's own campaign with payloads (officers see their own campaigns)
  const officerApi = await apiAs(officer.email, officer.password);
  const officerCampaignName = v(30);
  const officerCampaign = await officerApi.json<{ id: string }>("POST", "/api/campaigns", {
    name: officerCampaignName,
    goal: v(31),
    startDate: "2026-02-01",
    endDate: "2026-06-30",
    details: v(32),
    officeInfo: v(33),
  });
  await officerApi.json("PUT", `/api/donors/${donorIds[3]}/campaign-goals/${officerCampaign.id}`, { goalText: v(34) });
  await officerApi.json("POST", "/api/issues", {
    type: "feature_request",
    title: v(35),
    description: V.slice(10, 30).join("\n"),
  });
  await officerApi.ctx.dispose();

  // ---- support issue by the owner, resolved by the admin with a payload
  const ownerApi = await apiAs(owner.email, owner.password);
  const issue = await ownerApi.json<{ id: string }>("POST", "/api/issues", {
    type: "bug",
    title: v(36),
    description: V.join("\n"),
  });
  await api.json("PATCH", `/api/issues/${issue.id}`, { status: "resolved", resolutionComment: V.slice(20).join("\n") });

  // ---- the activity log: a browser-tracked action whose every text is a payload
  const trackedActionName = `${v(37)}`.slice(0, 100);
  await ownerApi.json("POST", "/api/functions/trackAction", {
    actionType: "navigation",
    actionName: trackedActionName,
    resourceType: v(38).slice(0, 100),
    resourceId: v(39),
    details: Object.fromEntries(V.map((p, i) => [marker(i), p])),
    success: false,
    errorMessage: v(40),
  });
  await ownerApi.ctx.dispose();

  seeded = {
    orgId: org.id,
    orgName,
    applicantOrgName,
    donorIds,
    mainDonorId,
    staticGroup,
    savedGroupName,
    campaignName,
    officerCampaignName,
    issueId: issue.id,
    owner,
    officer,
    trackedActionName,
  };
  seedMs = Date.now() - started;
});

test.afterAll(async () => {
  if (promptChanged) await adminApi.json("POST", "/api/prompts/Connection/restore");
  await adminApi?.ctx.dispose();
  const total = visits.reduce((n, p) => n + p.markers, 0);
  console.log(
    `XSS: ${N} payloads (seeded in ${seedMs} ms); ${visits.length} page visits; ${total} payload × page renderings checked; ${dialogs.length} dialogs.\n` +
      visits.map((p) => `  ${p.role.padEnd(8)} ${String(p.markers).padStart(3)}  ${p.label} (${p.ms} ms)`).join("\n"),
  );
});

// ------------------------------------------------------------------ the checks on every page

const dialogs: string[] = [];
const visits: { role: string; label: string; markers: number; ms: number }[] = [];

type XssWindow = Window & { __xss?: unknown; __xssInjected?: string[]; __xssInspect?: (el: Element) => string[] };

/**
 * Runs in every document before the app: flags any element that looks like an injected, live payload
 * (an on* handler, a javascript:/data:text/html URL, srcdoc, a tag the app never renders, a script or
 * style carrying a marker), when it is added or changed, so an element that appears and goes again
 * (or is rendered late, e.g. in a hidden collapse) is caught too.
 */
function watchForInjection() {
  const w = window as XssWindow;
  const URL_ATTRS = new Set([
    "href",
    "src",
    "action",
    "formaction",
    "xlink:href",
    "data",
    "poster",
    "background",
    "content",
  ]);
  const NEVER_RENDERED = new Set([
    "IFRAME",
    "FRAME",
    "OBJECT",
    "EMBED",
    "BASE",
    "MARQUEE",
    "ISINDEX",
    "KEYGEN",
    "MATH",
    "DETAILS",
    "VIDEO",
    "AUDIO",
    "TEMPLATE",
    "XSS",
  ]);
  const dangerousUrl = (value: string) => {
    const s = value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
    return s.startsWith("javascript:") || s.startsWith("vbscript:") || s.startsWith("data:text/html");
  };
  const inspect = (el: Element): string[] => {
    const bad: string[] = [];
    const tag = el.tagName.toLowerCase();
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith("on")) bad.push(`<${tag} ${name}="${a.value.slice(0, 60)}">`);
      else if (name === "srcdoc") bad.push(`<${tag} srcdoc>`);
      else if (URL_ATTRS.has(name) && dangerousUrl(a.value)) bad.push(`<${tag} ${name}="${a.value.slice(0, 60)}">`);
    }
    if (NEVER_RENDERED.has(el.tagName) && document.body?.contains(el)) bad.push(`<${tag}> in the page`);
    if (["SCRIPT", "STYLE", "META", "LINK"].includes(el.tagName) && /xss-\d\d/.test(el.outerHTML))
      bad.push(`<${tag}> with a payload`);
    return bad;
  };
  w.__xssInjected = [];
  w.__xssInspect = inspect;
  const record = (el: Element) => {
    for (const e of [el, ...Array.from(el.querySelectorAll("*"))]) w.__xssInjected!.push(...inspect(e));
  };
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === "attributes" && m.target instanceof Element) w.__xssInjected!.push(...inspect(m.target));
      for (const n of Array.from(m.addedNodes)) if (n instanceof Element) record(n);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

/** What the page shows (text and form values), what the observer flagged, and anything flagged in the DOM now. */
async function scan(page: Page) {
  return page.evaluate(() => {
    const w = window as XssWindow;
    const bad = [...(w.__xssInjected ?? ["the injection watcher did not run"])];
    const texts: string[] = [document.body.innerText];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll("*"))) {
        bad.push(...(w.__xssInspect?.(el) ?? []));
        if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) texts.push(el.value);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    const markers = new Set(texts.join("\n").match(/xss-\d\d/g) ?? []);
    return { bad: [...new Set(bad)], markers: [...markers].sort(), xss: w.__xss ?? null };
  });
}

/** A browser page signed in as the given user (the API sign-in shares cookies with the page). */
async function pageAs(browser: Browser, role: string, email: string, password: string) {
  // The app's CSP (no inline scripts) would stop most payloads by itself: turn it off so the test checks the rendering.
  const context = await browser.newContext({ baseURL: BASE, bypassCSP: true });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: BASE },
  });
  expect(res.ok(), `sign-in ${email}: ${await res.text()}`).toBe(true);
  await context.addInitScript(watchForInjection);
  const page = await context.newPage();
  page.on("dialog", (d) => {
    dialogs.push(`${role} ${page.url()}: ${d.type()} "${d.message()}"`);
    void d.dismiss().catch(() => {});
  });
  /**
   * Opens the URL (or runs `act` on the current page), waits until at least `min` payload markers are
   * on screen, gives handlers a moment to fire, then checks the page.
   */
  const check = async (label: string, opts: { url?: string; min: number; act?: () => Promise<void> }) => {
    const started = Date.now();
    if (opts.url) await page.goto(opts.url);
    if (opts.act) await opts.act();
    await expect
      .poll(async () => (await scan(page)).markers.length, { message: `${label}: payloads on screen`, timeout: 30_000 })
      .toBeGreaterThanOrEqual(opts.min);
    await page.waitForTimeout(400); // onerror/onload/onfocus/ontoggle would have fired by now
    const result = await scan(page);
    expect(result.bad, `${role} ${label}: injected elements`).toEqual([]);
    expect(result.xss, `${role} ${label}: window.__xss`).toBeNull();
    expect(dialogs, `${role} ${label}: dialogs`).toEqual([]);
    visits.push({ role, label, markers: result.markers.length, ms: Date.now() - started });
  };
  return { page, check, close: () => context.close() };
}

/** The donor pages every organisation role sees. */
async function donorPages(
  check: Awaited<ReturnType<typeof pageAs>>["check"],
  page: Page,
  orgQuery: string,
  all = true,
) {
  const { mainDonorId, donorIds, staticGroup } = seeded;
  await check("donor list", { url: `/donors${orgQuery}`, min: 20 });
  await check("donor dashboard (notes editor)", { url: `/donor/${mainDonorId}/dashboard`, min: 25 });
  await check("full record (notes, custom fields, change history)", { url: `/donor/${mainDonorId}/full`, min: N });
  await check("stage page with history", {
    url: `/donor/${mainDonorId}`,
    min: 10,
    act: async () => {
      await expect(page.getByTestId("stage-record")).toHaveCount(2);
      // Each button changes its name once clicked (Show less, Hide the prompt sent).
      for (const name of ["Read more", "Show the prompt sent"]) {
        const buttons = page.getByRole("button", { name });
        while ((await buttons.count()) > 0) await buttons.first().click();
      }
    },
  });
  if (!all) return;
  const groupQuery = new URLSearchParams({ staticGroup: staticGroup.id, staticGroupName: staticGroup.name });
  await check("donor list of the static group", { url: `/donors?${groupQuery}${orgQuery.replace("?", "&")}`, min: 10 });
  await check("donor groups", { url: `/donor-groups${orgQuery}`, min: 2 });
  await check("donor list of the saved filter group", {
    min: 1,
    act: async () => {
      await page
        .locator('section[aria-labelledby="saved-groups-title"]')
        .getByRole("link", { name: "Open" })
        .first()
        .click();
      await expect(page).toHaveURL(/\/donors\?/);
    },
  });
  await check("full record of a donor with notes in one paragraph", { url: `/donor/${donorIds[2]}/full`, min: 20 });
}

test("as the admin: no payload runs on any page", async ({ browser }) => {
  const admin = await pageAs(browser, "admin", ADMIN.email, ADMIN.password);
  const { page, check } = admin;
  const orgQuery = `?organizationId=${seeded.orgId}`;
  // Found by the search: the list is 50 a page by name, and other tests add organisations.
  await check("organisations", { url: `/admin/organizations?q=${RUN}`, min: 2 });
  // The search keeps this run's payload users on the first page however many users other tests made.
  await check("user management", { url: `/admin/users?q=${RUN}`, min: 1 });
  await check("user management of the organisation", { url: `/admin/users${orgQuery}`, min: 1 });
  await donorPages(check, page, orgQuery);
  await check("stage page: prompt preview with payloads", {
    url: `/donor/${seeded.mainDonorId}`,
    min: 10,
    act: async () => {
      await page.getByLabel(/^Preparation Notes/).fill(`${v(41)} ${v(42)}`);
      await page.getByRole("button", { name: "Preview Prompt" }).click();
      await expect(page.getByLabel("Prompt (you can edit it before sending)")).toHaveValue(
        /Engagement stage: Deepening/,
      );
    },
  });
  await check("campaign management with the donor list open", {
    url: `/admin/campaigns${orgQuery}`,
    min: 10,
    act: async () => {
      const card = page.getByLabel(`Campaign ${seeded.campaignName}`, { exact: true });
      await card.getByRole("button", { name: "View Donors" }).click();
      await expect(card.getByRole("table", { name: "Campaign donors" })).toBeVisible();
    },
  });
  await check("support dashboard", { url: "/support", min: 2 });
  await check("support issue with resolution", { url: `/support/issues/${seeded.issueId}`, min: 20 });
  // The support emails carry the issues' payloads in their subjects and texts (to this run's addresses).
  await check("email outbox", { url: `/admin/outbox?q=${RUN}`, min: 2 });
  await check("email outbox: a message's text", {
    min: 10,
    act: async () => {
      await page
        .getByTestId("outbox-email")
        .filter({ hasText: "Your support issue was resolved" })
        .first()
        .getByRole("button")
        .click();
      await expect(page.getByTestId("outbox-email-text")).toBeVisible();
    },
  });
  await check("action history", { url: "/admin/actions", min: 1 });
  await check("action details modal", {
    min: 5,
    act: async () => {
      await page
        .getByTestId("action-row")
        .filter({ hasText: seeded.trackedActionName })
        .first()
        .getByRole("button", { name: "Details" })
        .click();
      await expect(page.getByTestId("action-details-json")).toBeVisible();
    },
  });
  await check("prompt editor with version history", {
    url: "/admin/prompts",
    min: 3,
    act: async () => {
      const card = page.getByTestId("prompt-Connection");
      await card.getByRole("button", { name: /Version history/ }).click();
      await expect(card.getByTestId("prompt-versions-Connection")).toBeVisible();
    },
  });
  await check("admin dashboard", { url: "/admin", min: 0 });
  await admin.close();
  expect(dialogs).toEqual([]);
});

test("as the organisation owner: no payload runs on any page", async ({ browser }) => {
  const owner = await pageAs(browser, "owner", seeded.owner.email, seeded.owner.password);
  const { page, check } = owner;
  await check("owner dashboard", { url: "/org-owner-dashboard", min: 1 });
  await donorPages(check, page, "");
  await check("campaigns with the donor list open", {
    url: "/campaigns",
    min: 10,
    act: async () => {
      const card = page.getByLabel(`Campaign ${seeded.campaignName}`, { exact: true });
      await card.getByRole("button", { name: "View Donors" }).click();
      await expect(card.getByRole("table", { name: "Campaign donors" })).toBeVisible();
    },
  });
  await check("support dashboard", { url: "/support", min: 2 });
  await check("support issue", { url: `/support/issues/${seeded.issueId}`, min: 20 });
  await check("user management", { url: "/admin/users", min: 0 });
  await check("action history", { url: "/admin/actions", min: 1 });
  await check("action details modal", {
    min: 5,
    act: async () => {
      await page
        .getByTestId("action-row")
        .filter({ hasText: seeded.trackedActionName })
        .first()
        .getByRole("button", { name: "Details" })
        .click();
      await expect(page.getByTestId("action-details-json")).toBeVisible();
    },
  });
  await check("CSV upload: preview and import report", {
    url: "/donors",
    min: 1,
    act: async () => {
      await page.getByRole("button", { name: "Upload CSV" }).click();
      const csv = [
        ["First Name", "Last Name", "Email", v(43)].map(csvCell).join(","),
        [v(44), v(45), v(46), v(47)].map(csvCell).join(","),
        [v(0), v(2), `not-an-email ${v(4)}`, v(6)].map(csvCell).join(","),
      ].join("\r\n");
      const dialog = page.getByRole("dialog", { name: "Upload CSV" });
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: `${v(8)}.csv`.replace(/[/\\]/g, "_"), mimeType: "text/csv", buffer: Buffer.from(csv) });
      await expect(dialog.getByRole("table", { name: "CSV preview" })).toBeVisible();
      await dialog.getByRole("button", { name: "Upload", exact: true }).click();
      await expect(dialog.getByLabel("Import report")).toBeVisible({ timeout: 30_000 });
    },
  });
  // Issue 14: the import history shows that upload's file name (a payload), and its report.
  await check("import history", { url: "/imports", min: 1 });
  await check("import history: a report", {
    min: 1,
    act: async () => {
      await page
        .getByTestId("import-entry")
        .first()
        .getByRole("button", { name: /Report/ })
        .click();
      await expect(page.getByRole("dialog", { name: "Import report" }).getByLabel("Import report")).toBeVisible();
    },
  });
  await owner.close();
  expect(dialogs).toEqual([]);
});

test("as an officer: no payload runs on any page", async ({ browser }) => {
  const officer = await pageAs(browser, "officer", seeded.officer.email, seeded.officer.password);
  const { page, check } = officer;
  await check("officer dashboard", { url: "/org-officer-dashboard", min: 0 });
  await donorPages(check, page, "", false);
  await check("stage page of the donor with the officer's campaign goal", {
    url: `/donor/${seeded.donorIds[3]}`,
    min: 3,
  });
  await check("your campaigns", { url: "/campaigns", min: 3 });
  await check("support dashboard", { url: "/support", min: 1 });
  await officer.close();
  expect(dialogs).toEqual([]);
});
