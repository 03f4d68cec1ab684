#!/usr/bin/env node
// npm run bench: runs every bench/*.bench.ts with tsx and prints their results.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, "..");
const only = process.argv[2];
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".bench.ts")).sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n## ${file}`);
  const res = spawnSync(path.join(root, "node_modules/.bin/tsx"), [path.join(dir, file)], { cwd: root, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
