#!/usr/bin/env node
// npm run lint: ESLint and `prettier --check` side by side (docs/decisions/037-lint-and-format.md).
// ESLint with type information is ~110 s of CPU on one core and Prettier ~30 s; run together they fit
// in about the ESLint time on a 2-core machine. Each tool's output is printed whole when it ends.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

function run(label, cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      console.log(`--- ${label}: ${code === 0 ? "ok" : `exit ${code}`}`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([
  run("eslint", bin("eslint"), ["--max-warnings=0", "."]),
  run("prettier --check", bin("prettier"), ["--check", "--log-level=warn", "."]),
]);
process.exit(results.every(Boolean) ? 0 : 1);
