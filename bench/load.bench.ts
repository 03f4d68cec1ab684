// Many users at once, from outside: the production server runs in its own process on PostgreSQL
// (DATABASE_URL; a fresh database is created next to it and dropped afterwards) and LOAD_BENCH_USERS
// signed-in users (default 50: 5 owners, 45 officers of one organisation holding LOAD_BENCH_DONORS
// imported donors, default 20,000) each loop for LOAD_BENCH_SECONDS (default 60) over a mix of
// what fundraisers do all day: a filtered donor list page (40%), a donor record (30%), their
// dashboard (20%) and a stage preview (10%). Reports throughput, p50/p95/p99 and errors per kind.
// Without DATABASE_URL it runs on PGlite (one process, the embedded default) for comparison.
// It prints the CPU time the server process, the PostgreSQL backends and the bench itself used per
// request: on a machine shared with others these move much less with the load than the wall times.
// LOAD_BENCH_BY_KIND=S first runs each kind of request alone for S seconds (50 users), with the
// statements each sends (the server is started with bench/support/server-probe.mjs preloaded).
// LOAD_BENCH_KINDS=list,record limits those phases to the kinds named.
// LOAD_BENCH_PROFILE=FILE.cpuprofile: a CPU profile of the server during the mixed phase only, and of
// each LOAD_BENCH_BY_KIND phase in FILE.KIND.cpuprofile (summarise one: `node bench/profile-summary.mjs FILE`).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freshPostgresDatabase } from "./support/database.ts";
import { generateDonorCsv } from "../apps/server/src/demo/generate.ts";
import { spawn } from "node:child_process";
import net from "node:net";
import pg from "pg";

const USERS = Number(process.env.LOAD_BENCH_USERS ?? 50);
const OWNERS = Math.max(1, Math.round(USERS / 10));
const DONORS = Number(process.env.LOAD_BENCH_DONORS ?? 20_000);
const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 60);
const ADMIN = { email: "load-admin@example.org", password: "load-bench-admin-password" };

// The server opens the database itself: only a fresh PostgreSQL database is made here.
const fresh = process.env.DATABASE_URL ? await freshPostgresDatabase("cultivate_load") : null;
const url = fresh?.url ?? "";
const dropDb = async () => fresh?.drop();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-load-"));
const port = await new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const p = (s.address() as net.AddressInfo).port;
    s.close(() => resolve(p));
  });
});
const origin = `http://127.0.0.1:${port}`;
const PROFILE = process.env.LOAD_BENCH_PROFILE ? path.resolve(process.env.LOAD_BENCH_PROFILE) : null;
const BY_KIND = Number(process.env.LOAD_BENCH_BY_KIND ?? 0);
const PROBE = !!PROFILE || BY_KIND > 0;
const probeArgs = PROBE ? ["--import", path.resolve("bench/support/server-probe.mjs")] : [];
// The production bundle (bench/run.mjs builds it), started as npm start starts it; run.mjs's cwd is the repository.
const server = spawn(
  process.execPath,
  [...(url ? [] : ["--heap-growing-percent=30"]), ...probeArgs, "apps/server/dist/main.mjs"],
  {
    env: {
      ...process.env,
      ...(url ? {} : { MALLOC_MMAP_THRESHOLD_: "131072" }),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: origin,
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_SECRET: "load-bench-secret-load-bench-secret-000000",
      WEB_DIST: path.join(work, "no-web"),
      SMTP_URL: "",
      API_RATE_LIMIT: "10000000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit", ...(PROBE ? (["ipc"] as const) : [])],
  },
);
type ProbeAnswer = { statements: number; top: [string, number][] };
/** Asks the server's probe (bench/support/server-probe.mjs) to start or stop a phase, and waits for it. */
const probe = (what: "start" | "stop", profile?: string | null) =>
  new Promise<ProbeAnswer | null>((resolve) => {
    if (!PROBE) return resolve(null);
    server.once("message", (m) => resolve(m as ProbeAnswer));
    server.send({ probe: what, profile: profile ?? undefined });
  });
const exited = new Promise((r) => server.once("exit", r));
process.on("exit", () => server.kill("SIGKILL")); // a failed bench leaves no server behind
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/api/health`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 240) throw new Error("the server did not start within 60 s");
  await new Promise((r) => setTimeout(r, 250));
}

const json = { "content-type": "application/json", origin };
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function signIn(email: string, password: string) {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return cookieOf(res);
}

const admin = await signIn(ADMIN.email, ADMIN.password);
const api = async (cookie: string, method: string, p: string, body?: unknown) => {
  const res = await fetch(`${origin}${p}`, {
    method,
    headers: body === undefined ? { origin, cookie } : { ...json, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : null;
};

// Users through the product's own routes: the admin creates each in the organisation, gives a role, approves.
const org = (await api(admin, "POST", "/api/admin/organizations", { name: "Load Bench Org" })) as { id: string };
type Member = { cookie: string; role: "org_owner" | "org_officer"; campaignId: string };
const members: Member[] = [];
for (let i = 0; i < USERS; i++) {
  const email = `load-${i}-${crypto.randomBytes(3).toString("hex")}@example.org`;
  const password = "load-bench-password-1";
  const { user } = (await api(admin, "POST", "/api/admin/users", {
    email,
    password,
    confirmPassword: password,
    organizationId: org.id,
  })) as { user: { id: string } };
  const role = i < OWNERS ? "org_owner" : "org_officer";
  await api(admin, "PUT", `/api/admin/users/${user.id}/role`, { role });
  await api(admin, "POST", `/api/admin/users/${user.id}/approve`);
  const cookie = await signIn(email, password);
  // A Discovery preview needs a campaign the user may use (an officer: one of their own).
  const campaign = (await api(cookie, "POST", "/api/campaigns", {
    name: `Load Campaign ${i}`,
    goal: "Raise $250k",
    startDate: "2026-01-01",
    endDate: "2027-12-31",
  })) as { id: string };
  members.push({ cookie, role, campaignId: campaign.id });
}

// Donors through the real import.
const csv = generateDonorCsv(DONORS, 7);
let body = "";
for (const line of csv) body += line;
const upload = await fetch(`${origin}/api/donors/imports?fileName=load.csv`, {
  method: "POST",
  headers: { "content-type": "text/csv", cookie: members[0]!.cookie, origin },
  body,
});
const batch = (await upload.json()) as { id: string };
for (;;) {
  await new Promise((r) => setTimeout(r, 500));
  const s = (await api(members[0]!.cookie, "GET", `/api/donors/imports/${batch.id}`)) as { status: string };
  if (s.status === "completed") break;
  if (s.status === "failed") throw new Error("the import failed");
}
const ids: string[] = [];
for (let page = 1; ids.length < 500; page++) {
  const p = (await api(members[0]!.cookie, "GET", `/api/donors?page=${page}&pageSize=100`)) as {
    rows: { id: string }[];
  };
  if (!p.rows.length) break;
  ids.push(...p.rows.map((d) => d.id));
}

const FILTERS = [
  {},
  { selectedDSRatingFilter: "DS1-1", minCapacity: 250000, maxCapacity: 750000 },
  { searchTerm: "pat" },
  { minQualityScore: 5, maxAge: 60 },
];
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
type Kind = "list" | "record" | "dashboard" | "preview" | "me";
const KINDS: Kind[] = ["list", "record", "dashboard", "preview"];
const mixed = (): Kind => {
  const r = Math.random();
  return r < 0.4 ? "list" : r < 0.7 ? "record" : r < 0.9 ? "dashboard" : "preview";
};

async function one(m: Member, kind: Kind): Promise<{ ms: number; ok: boolean; status: number }> {
  const start = performance.now();
  let res: Response;
  if (kind === "list") {
    const q = encodeURIComponent(JSON.stringify(pick(FILTERS)));
    res = await fetch(`${origin}/api/donors?filters=${q}&page=${1 + Math.floor(Math.random() * 5)}&pageSize=50`, {
      headers: { cookie: m.cookie },
    });
  } else if (kind === "record") {
    res = await fetch(`${origin}/api/donors/${pick(ids)}`, { headers: { cookie: m.cookie } });
  } else if (kind === "dashboard") {
    const which = m.role === "org_owner" ? "owner" : "officer";
    res = await fetch(`${origin}/api/dashboards/${which}`, { headers: { cookie: m.cookie } });
  } else if (kind === "me") {
    res = await fetch(`${origin}/api/me`, { headers: { cookie: m.cookie } });
  } else {
    res = await fetch(`${origin}/api/donors/${pick(ids)}/stages/preview`, {
      method: "POST",
      headers: { ...json, cookie: m.cookie },
      body: JSON.stringify({ stage: "Discovery", campaignId: m.campaignId }),
    });
  }
  await res.arrayBuffer();
  return { ms: performance.now() - start, ok: res.ok, status: res.status };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
/** CPU seconds a process has used (Linux: /proc/PID/stat, user + system); 0 once it is gone. */
const cpuOf = (pid: number | undefined) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
};
// PostgreSQL's share: the backends of the bench's database (a backend that started during the run counts whole;
// one that ended during it is missed: the pool keeps its connections while they are busy).
const backendPids = async () => {
  if (!fresh) return [];
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  await c.end();
  return r.rows.map((x) => x.pid);
};
const pct = (xs: number[], p: number) =>
  xs.length ? xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN;

/** Every user loops over `kindOf()` for `seconds`; prints throughput, latency per kind and CPU per request. */
async function phase(title: string, seconds: number, kindOf: () => Kind, profile: string | null = null) {
  const times = new Map<Kind, number[]>();
  const errors = new Map<Kind, number>();
  let firstError = "";
  const backendsBefore = new Map((await backendPids()).map((pid) => [pid, cpuOf(pid)]));
  await probe("start", profile);
  const cpuBefore = { server: cpuOf(server.pid), bench: process.cpuUsage() };
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    members.map(async (m) => {
      while (performance.now() < end) {
        const kind = kindOf();
        const r = await one(m, kind);
        times.set(kind, [...(times.get(kind) ?? []), r.ms]);
        if (!r.ok) {
          errors.set(kind, (errors.get(kind) ?? 0) + 1);
          firstError ||= `${kind} answered ${r.status}`;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = {
    server: cpuOf(server.pid) - cpuBefore.server,
    database: (await backendPids()).reduce((sum, pid) => sum + cpuOf(pid) - (backendsBefore.get(pid) ?? 0), 0),
    bench: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(cpuBefore.bench)),
  };
  const probed = await probe("stop", profile);
  const all = [...times.values()].flat();
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const ms = (s: number) => ((1000 * s) / all.length).toFixed(1);
  console.log(`\n### ${title}`);
  console.log(
    `all        ${all.length} requests, ${(all.length / elapsed).toFixed(0)} req/s, p50 ${pct(all, 50).toFixed(0)} ms, p95 ${pct(all, 95).toFixed(0)} ms, p99 ${pct(all, 99).toFixed(0)} ms, ${errorCount} errors${firstError ? ` (first: ${firstError})` : ""}`,
  );
  if (times.size > 1)
    for (const [k, t] of times)
      console.log(
        `${k.padEnd(10)} ${String(t.length).padStart(6)} requests, p50 ${pct(t, 50).toFixed(0)} ms, p95 ${pct(t, 95).toFixed(0)} ms, ${errors.get(k) ?? 0} errors`,
      );
  console.log(
    `CPU per request: server ${ms(cpu.server)} ms` +
      (fresh ? `, PostgreSQL backends ${ms(cpu.database)} ms` : "") +
      `, bench client ${ms(cpu.bench)} ms (of ${elapsed.toFixed(0)} s: ${cpu.server.toFixed(1)} / ${cpu.database.toFixed(1)} / ${cpu.bench.toFixed(1)} s)`,
  );
  if (probed) {
    console.log(`statements per request: ${(probed.statements / all.length).toFixed(2)}`);
    if (BY_KIND)
      for (const [text, n] of probed.top.slice(0, 8)) console.log(`  ${(n / all.length).toFixed(2)}  ${text}`);
  }
  if (profile) console.log(`CPU profile: ${profile}`);
  console.log(`load after: ${load()}`);
}

console.log(`database: ${url ? "postgres" : "pglite"}; ${USERS} users, ${DONORS} donors; load ${load()}`);
// LOAD_BENCH_KINDS=list,record: only those kinds alone (with LOAD_BENCH_BY_KIND), e.g. to compare two builds.
const ONLY_KINDS = process.env.LOAD_BENCH_KINDS?.split(",");
if (BY_KIND)
  for (const kind of (["me", ...KINDS] as Kind[]).filter((k) => !ONLY_KINDS || ONLY_KINDS.includes(k)))
    await phase(`${kind} only, ${BY_KIND} s`, BY_KIND, () => kind, PROFILE?.replace(/(\.cpuprofile)?$/, `.${kind}$1`));
if (SECONDS > 0) await phase(`mixed, ${SECONDS} s`, SECONDS, mixed, PROFILE);

server.kill("SIGTERM");
await exited;
await dropDb();
fs.rmSync(work, { recursive: true, force: true });
