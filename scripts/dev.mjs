#!/usr/bin/env node
// npm run dev: the API with reload (tsx watch, port 3000) and Vite's dev server (port 5173,
// proxying /api to the API). Open http://localhost:5173.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const children = [
  spawn(bin("tsx"), ["watch", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { NODE_ENV: "development", ...process.env },
  }),
  spawn(bin("vite"), [], { cwd: path.join(root, "apps/web"), stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", stop);
