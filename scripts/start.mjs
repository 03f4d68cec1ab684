#!/usr/bin/env node
// npm start: build the web app and the server bundle when missing or older than their sources,
// then run the server (plain JavaScript, apps/server/dist/main.mjs) in a child node process started
// with the memory settings of serverProcess (they must be set when a process starts). Signals are
// passed on to it (shutting down twice is harmless), and its exit code is ours.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, newestMtime, serverBundle, serverBundleStale, serverProcess } from "./build-server.mjs";

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
const settings = serverProcess();
const server = spawn(process.execPath, [...settings.execArgv, serverBundle], {
  cwd: root,
  env: { NODE_ENV: "production", ...process.env, ...settings.env },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
