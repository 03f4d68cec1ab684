// Filter change → new rows on screen (issue 13: p95 ≤ 300 ms with 100,000 donors): imports the donors bench's
// generated file into one organisation, opens /donors signed in, in Debian's Chromium at 1280 px (or
// WEB_FILTER_BENCH_WIDTH), and changes a choice filter (DS Rating, then Current Stage) CHANGES times.
// Each time is measured in the page from the click on
// the option to the first animation frame that shows the rows of the new filters. Typing a search term is
// measured the same way from the last key (it waits for the typing pause on purpose). Uses the built app in
// apps/web/dist (WEB_DIST overrides): run `npm run build` first. WEB_FILTER_BENCH_ROWS changes the size.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { chromiumArgs, chromiumPath, load, pct, startApp } from "./support/app.ts";

const ROWS = Number(process.env.WEB_FILTER_BENCH_ROWS ?? 100_000);
const CHANGES = Number(process.env.WEB_FILTER_BENCH_CHANGES ?? 40);
// WEB_FILTER_BENCH_WIDTH=390: the phone layout (the list as cards) instead of the table at 1280 px.
const WIDTH = Number(process.env.WEB_FILTER_BENCH_WIDTH ?? 1280);
const SEARCHES = 10;

// WEB_FILTER_BENCH_DATA_DIR: keep the PGlite data directory, and on the next run reuse its donors (no import).
const keep = process.env.WEB_FILTER_BENCH_DATA_DIR;
const saved = keep ? path.join(keep, "web-filter-bench.json") : null;
const server = await startApp({ keepDataDir: keep });
let officer: { cookie: string };
if (saved && fs.existsSync(saved)) {
  const { email, password } = JSON.parse(fs.readFileSync(saved, "utf8")) as { email: string; password: string };
  officer = { cookie: await server.signIn(email, password) };
  console.log(`database: ${server.database.kind}; the donors kept in ${keep}; load ${load()}`);
} else {
  const created = await server.officerOf("Bench Org");
  officer = created;
  console.log(`database: ${server.database.kind}; ${ROWS} donors; load ${load()}`);
  const importMs = await server.importDonors(created.cookie, ROWS);
  console.log(`import ${(importMs / 1000).toFixed(1)} s; load ${load()}`);
  if (saved) fs.writeFileSync(saved, JSON.stringify({ email: created.email, password: created.password }));
}

// Which filters the rows on screen answer: the list sets data-filters once the new rows are rendered (it is
// absent while the previous rows stand in), so the same set of rows for two filters still counts as an answer.
const signature = () => document.querySelector('[data-testid="donor-results"]')?.getAttribute("data-filters") ?? null;

/** Runs act() and returns the ms from the page's mark (set by act's own event) to the frame with new rows. */
async function timed(page: Page, act: () => Promise<void>) {
  const before = await page.evaluate(signature);
  await act();
  const ms = await page.evaluate(
    ({ before, signatureSource }) =>
      new Promise<number>((resolve, reject) => {
        const sig = new Function(`return (${signatureSource})()`) as () => string | null;
        const started = (window as unknown as { __mark: number }).__mark;
        const deadline = performance.now() + 30_000;
        const frame = () => {
          const now = sig();
          if (now !== null && now !== before) return resolve(performance.now() - started);
          if (performance.now() > deadline) return reject(new Error("the rows did not change within 30 s"));
          requestAnimationFrame(frame);
        };
        frame();
      }),
    { before, signatureSource: signature.toString() },
  );
  if (process.env.WEB_FILTER_BENCH_TRACE) await trace(page, ms);
  // The list request this change made (none when the answer was already in the page's cache): how long the
  // server and the network took, so the browser's own share is the rest.
  const api = await page.evaluate(() => {
    const mark = (window as unknown as { __mark: number }).__mark;
    const requests = performance
      .getEntriesByType("resource")
      .filter((e) => e.startTime >= mark - 1 && e.name.includes("/api/donors?"));
    return requests.length ? Math.max(...requests.map((e) => e.duration)) : 0;
  });
  return { ms, api };
}

type Change = Awaited<ReturnType<typeof timed>>;
const summary = (label: string, xs: Change[], note = "") => {
  const total = xs.map((x) => x.ms);
  const own = xs.map((x) => x.ms - x.api);
  const api = xs.filter((x) => x.api > 0).map((x) => x.api);
  console.log(
    `${label.padEnd(34)} p50 ${pct(total, 50).toFixed(0).padStart(5)} ms  p95 ${pct(total, 95).toFixed(0).padStart(5)} ms` +
      `   of which API p95 ${api.length ? pct(api, 95).toFixed(0) : "-"} ms, page p95 ${pct(own, 95).toFixed(0)} ms${note}`,
  );
};

/** WEB_FILTER_BENCH_TRACE=1: what happened after the change, from the click: requests and long tasks. */
async function trace(page: Page, ms: number) {
  const lines = await page.evaluate(() => {
    const mark = (window as unknown as { __mark: number }).__mark;
    return [
      ...performance.getEntriesByType("resource"),
      ...(window as unknown as { __tasks: PerformanceEntry[] }).__tasks,
    ]
      .filter((e) => e.startTime >= mark - 1)
      .map(
        (e) =>
          `    ${(e.startTime - mark).toFixed(0)}–${(e.startTime + e.duration - mark).toFixed(0)} ms ${e.entryType} ${e.name}`,
      )
      .join("\n");
  });
  console.log(`  change: ${ms.toFixed(0)} ms\n${lines}`);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: WIDTH < 768 ? 844 : 900 } });
  await context.addCookies(
    officer.cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.origin };
    }),
  );
  const page = await context.newPage();
  // The mark: the option's click (a choice filter) or the last key typed (search), as the page receives it.
  await page.addInitScript(() => {
    const w = window as unknown as { __mark: number };
    document.addEventListener("click", () => (w.__mark = performance.now()), true);
    document.addEventListener("input", () => (w.__mark = performance.now()), true);
    const tasks: PerformanceEntry[] = [];
    (window as unknown as { __tasks: PerformanceEntry[] }).__tasks = tasks;
    new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: "longtask", buffered: true });
  });
  await page.goto(`${server.origin}/donors`);
  await page
    .locator(WIDTH < 768 ? 'ul[aria-label="Donors"] li' : 'table[aria-label="Donors"] tbody tr')
    .first()
    .waitFor({ timeout: 60_000 });
  // The panel is closed by default (issue 14).
  await page.getByRole("button", { name: /^Filters/ }).click();

  const ratingBox = page.getByRole("combobox", { name: "DS Rating" });
  const stageBox = page.getByRole("combobox", { name: "Current Stage" });
  await ratingBox.click();
  const ratings = (await page.getByRole("option").allTextContents()).filter((r) => r !== "All Ratings");
  await page.keyboard.press("Escape");
  await stageBox.click();
  const stages = (await page.getByRole("option").allTextContents()).filter((s) => s !== "All Stages");
  await page.keyboard.press("Escape");

  const choose = (box: typeof ratingBox, option: string) => async () => {
    await box.click();
    await page.getByRole("option", { name: option, exact: true }).click();
  };
  // Each change asks for different filters than those on screen: the next DS rating, then stages alternating with "All Stages".
  const byRating: Change[] = [];
  for (let i = 0; i < CHANGES / 2; i++) {
    // WEB_FILTER_BENCH_TRACE_FILE: a Chromium performance trace of the second change, for DevTools.
    const traced = i === 1 && process.env.WEB_FILTER_BENCH_TRACE_FILE;
    if (traced)
      await browser.startTracing(page, {
        path: traced,
        categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing"],
      });
    // WEB_FILTER_BENCH_PROFILE: a V8 CPU profile (.cpuprofile) of the third change.
    const cdp = i === 2 && process.env.WEB_FILTER_BENCH_PROFILE ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    byRating.push(await timed(page, choose(ratingBox, ratings[i % ratings.length]!)));
    if (traced) await browser.stopTracing();
    if (cdp) {
      const { profile } = await cdp.send("Profiler.stop");
      fs.writeFileSync(process.env.WEB_FILTER_BENCH_PROFILE!, JSON.stringify(profile));
    }
  }
  byRating.push(await timed(page, choose(ratingBox, "All Ratings")));
  const byStage: Change[] = [];
  for (let i = 1; i < CHANGES / 2; i++) {
    const option = i % 2 === 1 ? stages[((i - 1) / 2) % stages.length]! : "All Stages";
    byStage.push(await timed(page, choose(stageBox, option)));
  }
  summary(`DS Rating → new rows (${byRating.length})`, byRating);
  summary(`Current Stage → new rows (${byStage.length})`, byStage);
  summary(`any choice → new rows (${byRating.length + byStage.length})`, [...byRating, ...byStage]);

  // Typed text, from the last key: the typing pause (350 ms) is part of it on purpose. The stage filter is
  // cleared first, so the search runs alone.
  await timed(page, choose(stageBox, "All Stages"));
  const search = page.getByLabel("Search name or email");
  const terms = ["pat", "ann", "lee", "mar", "son", "ro", "el", "jo", "ch", "an"];
  const searches: Change[] = [];
  for (let i = 0; i < SEARCHES; i++) searches.push(await timed(page, () => search.fill(terms[i % terms.length]!)));
  summary(`search typed → new rows (${SEARCHES})`, searches, " (includes the 350 ms typing pause)");
  console.log(`load at the end ${load()}`);
} finally {
  await browser.close();
  await server.close();
}
