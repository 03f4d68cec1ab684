#!/usr/bin/env node
// npm start: build the web app and the server bundle when missing or older than their sources,
// then run the server (plain JavaScript, apps/server/dist/main.mjs) in this process so signals
// reach it directly.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildServer, newestMtime, serverBundle, serverBundleStale } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtAt = (() => {
  try {
    return fs.statSync(path.join(root, "apps/web/dist/index.html")).mtimeMs;
  } catch {
    return 0;
  }
})();

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

if (serverBundleStale()) await buildServer();
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(serverBundle).href);
