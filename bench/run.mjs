#!/usr/bin/env node
// npm run bench: bundles every bench/*.bench.ts the way the production server is bundled (plain
// JavaScript, no tsx: tsx's loader would add ~90 MB to the measured RSS) and runs it with node, started
// as npm start starts the server.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer, serverBundleStale, serverProcess } from "../scripts/build-server.mjs";

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, "..");
const only = process.argv[2];
// Benches that start the production server as a process (load.bench.ts) need its bundle.
if (serverBundleStale()) await buildServer();
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n## ${file}`);
  // Two levels below apps/server, like src/db/client.ts, so the migrations folder resolves the same way.
  const out = await buildServer({
    entry: path.join("bench", file),
    outfile: path.join(root, "apps/server/dist/bench", file.replace(/\.ts$/, ".mjs")),
  });
  // Started like the production server (serverProcess: its memory settings).
  const settings = serverProcess();
  const res = spawnSync(process.execPath, [...settings.execArgv, out], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...settings.env },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
