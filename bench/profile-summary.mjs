#!/usr/bin/env node
// Summarises a .cpuprofile (node --cpu-prof, or the load bench's LOAD_BENCH_PROFILE): the functions with
// the most self time and the most inclusive time (a function counted once per sample however deep it
// recurses), and self time by package. Usage: node bench/profile-summary.mjs FILE [top=25]
import fs from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/profile-summary.mjs FILE.cpuprofile [top]");
  process.exit(1);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const where = (cf) => {
  const url = cf.url.replace(/^file:\/\//, "");
  const nm = url.lastIndexOf("node_modules/");
  const short = nm >= 0 ? url.slice(nm + 13) : url.replace(/^.*\/(apps|packages|bench)\//, "$1/");
  return `${short}:${cf.lineNumber + 1}`;
};
const keyOf = (n) => `${n.callFrame.functionName || "(anonymous)"} ${where(n.callFrame)}`;
const packageOf = (n) => {
  const url = n.callFrame.url;
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.includes("/dist/")) return "app bundle (apps/server/dist)";
  if (url.startsWith("node:")) return "node core";
  if (!url) return n.callFrame.functionName.startsWith("(") ? n.callFrame.functionName : "native / V8";
  return url;
};

const self = new Map();
const incl = new Map();
const pkg = new Map();
let total = 0;
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000; // ms until the next sample
  total += dt;
  const leaf = byId.get(profile.samples[i]);
  self.set(keyOf(leaf), (self.get(keyOf(leaf)) ?? 0) + dt);
  pkg.set(packageOf(leaf), (pkg.get(packageOf(leaf)) ?? 0) + dt);
  const seen = new Set();
  for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
    const k = keyOf(byId.get(id));
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + dt);
  }
}
const idle = self.get(keyOf({ callFrame: { functionName: "(idle)", url: "", lineNumber: -1 } })) ?? 0;
const print = (title, map, n) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${v.toFixed(0).padStart(8)} ms ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
};
console.log(
  `${file}: ${(total / 1000).toFixed(1)} s sampled, ${(idle / 1000).toFixed(1)} s idle (${((100 * idle) / total).toFixed(0)} %)`,
);
print("self time by package", pkg, 15);
print(`self time, top ${top}`, self, top);
print(`inclusive time, top ${top}`, incl, top);
