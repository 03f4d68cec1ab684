import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startSmtpTestServer } from "../apps/server/test/smtp-test-server.ts";
import { startFakeAiServer } from "../apps/server/test/fake-ai-servers.ts";
import { E2E_PORT } from "./playwright.config.ts";
import { buildServer, serverBundle, serverBundleStale, serverProcess } from "../scripts/build-server.mjs";
import { ADMIN, FAKE_OPENAI_CHUNKS, SUPPORT_EMAIL } from "./fixtures.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts an SMTP test server and the real app (built SPA, fresh PGlite data directory,
 * bootstrapped admin) for the browser tests; returns the teardown.
 */
export default async function globalSetup() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-e2e-"));
  const mailboxFile = path.join(work, "mailbox.jsonl");
  fs.writeFileSync(mailboxFile, "");
  const smtp = await startSmtpTestServer(0, { mailboxFile });
  // A fake OpenAI server: browser tests can switch the provider to "openai" and see a real SDK stream into the page.
  const openai = await startFakeAiServer("openai");
  openai.set({ kind: "stream", chunks: FAKE_OPENAI_CHUNKS });
  process.env.E2E_MAILBOX = mailboxFile;

  // WEB_DIST lets a run use its own build (e.g. `npx vite build --outDir /tmp/web-a`).
  const webDist = process.env.WEB_DIST ?? path.join(root, "apps/web/dist");
  if (!fs.existsSync(path.join(webDist, "index.html"))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first (npm test does).`);
  }
  const baseUrl = `http://127.0.0.1:${E2E_PORT}`;
  // The production bundle, as `npm start` runs it (rebuilt when a source is newer).
  if (serverBundleStale()) await buildServer();
  const settings = serverProcess({ DATABASE_URL: "" }); // the browser tests run on PGlite
  const server: ChildProcess = spawn(process.execPath, [...settings.execArgv, serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      ...settings.env,
      NODE_ENV: "production",
      WEB_DIST: webDist,
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      APP_URL: baseUrl,
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL,
      LOG_LEVEL: "warn",
      API_RATE_LIMIT: "100000",
      OPENAI_API_KEY: "sk-e2e-fake",
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_MODEL: "gpt-4o-e2e",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));

  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error(`the app exited with ${server.exitCode} before it was ready`);
    if (Date.now() > deadline) throw new Error("the app did not become ready within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
    await smtp.close();
    await openai.close();
    fs.rmSync(work, { recursive: true, force: true });
  };
}
