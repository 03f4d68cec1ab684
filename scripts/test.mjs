#!/usr/bin/env node
// npm test: lint, type check, unit + API tests on PGlite, the API tests again on PostgreSQL when
// DATABASE_URL is set, then the browser tests in Debian's Chromium. Ends with the names of what failed,
// then "N passed, N failed". `node scripts/test.mjs api` or `... e2e` runs one part.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runBuffered } from "./run-buffered.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, ".tmp/reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const only = process.argv[2];
const bin = (name) => path.join(root, "node_modules/.bin", name);

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
/** What failed, by name: printed again just above the totals, where a CI log's tail shows it. */
const failures = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.log(`--- ${label}: exit ${res.status}`);
    return false;
  }
  return true;
}

/** Like run, but beside others: the output is held and printed whole when the command ends. */
async function runAside(label, cmd, args) {
  const { code, output } = await runBuffered(cmd, args, root);
  console.log(`\n=== ${label} ===`);
  if (output) console.log(output);
  if (code !== 0) console.log(`--- ${label}: exit ${code}`);
  return code === 0;
}

function countVitest(file, label) {
  if (!fs.existsSync(file)) return false;
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const f of r.testResults ?? []) {
    const name = path.relative(root, f.name);
    const failed = (f.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) failures.push(`${label}: ${name} › ${a.fullName}`);
    // A file that failed outside any test (set-up or tear-down) counts as one failure.
    if (f.status === "failed" && failed.length === 0) {
      totals.failed++;
      failures.push(`${label}: ${name} (outside any test)`);
    }
  }
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  return true;
}

/** The titles of the Playwright tests whose outcome was "unexpected", from its JSON report. */
function unexpectedPlaywright(report) {
  const names = [];
  const walk = (suite, titles) => {
    // A file's suite is named after the file; a describe block's suite after its title.
    const here = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "unexpected") names.push(`${spec.file}:${spec.line} › ${[...here, spec.title].join(" › ")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}

function vitest(label, reportName, args, env) {
  const file = path.join(reports, `${reportName}.json`);
  const ok = run(
    label,
    bin("vitest"),
    ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`],
    env,
  );
  if (!countVitest(file, label)) broken = true;
  if (!ok && totals.failed === 0) broken = true;
}

if (!only) {
  // ESLint + Prettier --check (docs/decisions/037-lint-and-format.md) beside the three type checks:
  // each is one process on one core, and ESLint alone takes about as long as Prettier and the type
  // checks together, so on a 2-core machine the type checks cost no extra time. A violation is one
  // failure.
  const lint = runAside("lint", "npm", ["run", "lint", "--silent"]);
  const typechecks = [];
  for (const project of ["packages/shared", "apps/server", "apps/web"]) {
    const label = `typecheck ${project}`;
    typechecks.push([label, await runAside(label, bin("tsc"), ["-p", project, "--noEmit"])]);
  }
  const checks = [["lint", await lint], ...typechecks];
  for (const [label, ok] of checks) {
    if (!ok) {
      totals.failed++;
      failures.push(label);
      broken = true;
    } else totals.passed++;
  }
}

if (!only || only === "api") {
  vitest("unit + API tests on PGlite", "vitest-pglite", only === "api" ? ["--project", "api"] : [], {
    TEST_DATABASE: "pglite",
  });
  if (process.env.DATABASE_URL) {
    vitest("API tests on PostgreSQL", "vitest-postgres", ["--project", "api"], { TEST_DATABASE: "postgres" });
  } else {
    console.log("\n(DATABASE_URL is not set: the API suite ran on PGlite only)");
  }
}

if (!only || only === "e2e") {
  if (!run("build the web app", "npm", ["run", "build", "--silent"])) broken = true;
  else {
    const ok = run("browser tests (Playwright, Debian Chromium)", bin("playwright"), [
      "test",
      "-c",
      "e2e/playwright.config.ts",
    ]);
    // Same name as e2e/playwright.config.ts gives it (a run on its own E2E_PORT has its own report).
    const file = path.join(reports, process.env.E2E_PORT ? `e2e-${process.env.E2E_PORT}.json` : "e2e.json");
    if (fs.existsSync(file)) {
      const report = JSON.parse(fs.readFileSync(file, "utf8"));
      const s = report.stats;
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
      if (!ok && s.unexpected === 0) broken = true;
      for (const name of unexpectedPlaywright(report)) failures.push(`browser tests: ${name}`);
    } else broken = true;
  }
}

if (failures.length > 0) {
  // The first 40: a broken set-up fails hundreds of tests alike, and the totals must stay in the tail.
  const shown = failures.slice(0, 40).map((f) => `  ${f}`);
  if (failures.length > 40) shown.push(`  … and ${failures.length - 40} more (above)`);
  console.log(`\nFailed:\n${shown.join("\n")}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
