import fs from "node:fs";
import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@cultivate.test", password: "admin-password-1" };
export const SUPPORT_EMAIL = "support@cultivate.test";
/** What the fake OpenAI server (started by global-setup) streams back, piece by piece. */
export const FAKE_OPENAI_CHUNKS = ["Fake OpenAI plan: ", "invite the donor ", "to a private gallery tour."];

let n = 0;
export const uniqueEmail = (prefix = "user") =>
  `${prefix}-${Date.now().toString(36)}-${process.pid}-${++n}@example.org`;

type Mail = { to: string[]; subject: string; text: string; html: string };

/** Waits for an email the SMTP test server received (global-setup writes them to a file). */
export async function waitForMail(predicate: (m: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
  const file = process.env.E2E_MAILBOX!;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Mail);
    const found = mails.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching email within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function register(page: Page, email: string, password = "secret-pass") {
  await page.goto("/register");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/i).fill(password);
  await page.getByRole("button", { name: /create account|register|sign up/i }).click();
  await expect(page).toHaveURL(/\/onboarding-form$/);
}

export async function signIn(page: Page, email: string, password: string, rememberMe = false) {
  await page.goto("/login");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  if (rememberMe) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: /^sign in$/i }).click();
}

export async function fillRequiredOnboarding(page: Page, org: string) {
  await page.getByLabel(/^Organization Name/).fill(org);
  await page.getByLabel(/^First Name/).fill("Grace");
  await page.getByLabel(/^Last Name/).fill("Hopper");
}

/**
 * Slows the page's CPU (Chromium only), so React holds a router transition long enough for a second quick
 * change to arrive before the first one has rendered: the race a busy CI machine met by chance.
 */
export async function slowCpu(page: Page, rate = 8): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  // Back to full speed, on the same session: for what a test checks after the race it slowed down.
  return async () => {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  };
}
