#!/usr/bin/env node
// npm start: build the web app when it is missing or older than its sources, then run the
// server (TypeScript through tsx) in this process so signals reach it directly.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtAt = (() => {
  try {
    return fs.statSync(path.join(root, "apps/web/dist/index.html")).mtimeMs;
  } catch {
    return 0;
  }
})();

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [
  newestMtime(path.join(root, "apps/web/src")),
  newestMtime(path.join(root, "packages/shared/src")),
  fs.statSync(path.join(root, "apps/web/index.html")).mtimeMs,
  fs.statSync(path.join(root, "apps/web/vite.config.ts")).mtimeMs,
];
if (builtAt < Math.max(...sources)) {
  console.log("Building the web app…");
  const res = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "apps/server/src/main.ts")).href);
