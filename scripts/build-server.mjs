#!/usr/bin/env node
// Bundles the server (apps/server/src + packages/shared) into apps/server/dist/main.mjs with esbuild;
// npm packages stay external (loaded from node_modules). Production runs this plain JavaScript rather
// than TypeScript through tsx: tsx keeps a loader thread and every transformed module in memory,
// about 90 MB of RSS on this server (docs/PERFORMANCE.md). Takes well under a second.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverBundle = path.join(root, "apps/server/dist/main.mjs");

/**
 * How the server's node process is started (npm start, the browser tests, the benchmarks). The
 * embedded database lives in this process, so these keep a 100k-donor import under 512 MB of RSS
 * (docs/PERFORMANCE.md):
 * - MALLOC_MMAP_THRESHOLD_ fixes glibc's threshold for mmap'd allocations at 128 KB. Left dynamic, it
 *   rises after the first large buffer is freed, later buffers (file reads, query messages) land in the
 *   brk heap, and ~70 MB of it stays resident, fragmented, after they are freed.
 * - --heap-growing-percent=30: V8 grows the heap by 30 % of its live size between full collections
 *   instead of up to 4×; an import's short-lived rows otherwise pile up as ~150 MB of garbage. A soft
 *   setting (the heap still grows when live data needs it), unlike --max-old-space-size.
 * - --max-semi-space-size=4 (MB): a smaller young generation in each of the process's V8 heaps (the main
 *   thread's and the import worker's, ADR 043). Since the worker thread, the second 100k import peaked at
 *   517–548 MB; with it 473–493 MB, for ≈ 10 % more CPU and the same wall time (docs/PERFORMANCE.md).
 * With DATABASE_URL (PostgreSQL in its own processes) the server's RSS is far under budget and the
 * settings only cost import time, so they apply to the embedded database only.
 */
export const serverProcess = (env = process.env) =>
  env.DATABASE_URL
    ? { execArgv: [], env: {} }
    : {
        execArgv: ["--heap-growing-percent=30", "--max-semi-space-size=4"],
        env: { MALLOC_MMAP_THRESHOLD_: "131072" },
      };

/** The newest modification time of any file below dir (start.mjs uses it for the web app too). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing or older than a source file (server, shared, this script). */
export function serverBundleStale() {
  let builtAt = 0;
  try {
    builtAt = fs.statSync(serverBundle).mtimeMs;
  } catch {
    return true;
  }
  const sources = [
    newestMtime(path.join(root, "apps/server/src")),
    newestMtime(path.join(root, "packages/shared/src")),
    fs.statSync(fileURLToPath(import.meta.url)).mtimeMs,
  ];
  return builtAt < Math.max(...sources);
}

/** The donor import's worker thread: its own entry, written beside every bundle (worker-client.ts loads it from there). */
const importWorkerEntry = "apps/server/src/services/donors/import/worker.ts";

/** Bundles an entry point (default: the server's main) to outfile, and the import worker beside it. */
export async function buildServer({ entry = "apps/server/src/main.ts", outfile = serverBundle } = {}) {
  const options = {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // The workspace package is TypeScript source: bundle it instead of importing it at run time.
    alias: { "@cultivate/shared": path.join(root, "packages/shared/src/index.ts") },
    sourcemap: "linked",
    logLevel: "warning",
  };
  await Promise.all([
    esbuild.build({ ...options, entryPoints: [path.resolve(root, entry)], outfile }),
    esbuild.build({
      ...options,
      entryPoints: [path.resolve(root, importWorkerEntry)],
      outfile: path.join(path.dirname(outfile), "import-worker.mjs"),
    }),
  ]);
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`built ${path.relative(root, serverBundle)}`);
}
