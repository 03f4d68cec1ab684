#!/usr/bin/env node
// npm run lint: ESLint and `prettier --check` side by side (docs/decisions/037-lint-and-format.md).
// ESLint with type information is ~110 s of CPU on one core and Prettier ~30 s; run together they fit
// in about the ESLint time on a 2-core machine. Each tool's output is printed whole when it ends.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runBuffered } from "./run-buffered.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

async function run(label, cmd, args) {
  const { code, output } = await runBuffered(cmd, args, root);
  console.log(`--- ${label}: ${code === 0 ? "ok" : `exit ${code}`}`);
  if (output) console.log(output);
  return code === 0;
}

const results = await Promise.all([
  run("eslint", bin("eslint"), ["--max-warnings=0", "."]),
  run("prettier --check", bin("prettier"), ["--check", "--log-level=warn", "."]),
]);
process.exit(results.every(Boolean) ? 0 : 1);
