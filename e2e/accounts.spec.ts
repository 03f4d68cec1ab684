import { expect, test } from "@playwright/test";
import {
  ADMIN,
  SUPPORT_EMAIL,
  fillRequiredOnboarding,
  register,
  signIn,
  uniqueEmail,
  waitForMail,
} from "./fixtures.ts";

test("register, onboard (missing fields first) and wait for approval", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await register(page, email);

  // Required fields missing: the spec's message, nothing sent.
  await page.getByLabel(/^First Name/).fill("Grace");
  await page.getByRole("button", { name: /submit/i }).click();
  await expect(page.getByText("Please fill in all required fields.")).toBeVisible();

  await fillRequiredOnboarding(page, `Harbor Literacy ${Date.now()}`);
  await page.getByRole("textbox", { name: /how will you use/i }).fill("Plan our capital campaign");
  await page.getByRole("button", { name: /submit/i }).click();
  await expect(page.getByText("Your information has been received successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/pending-approval$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Application Under Review" })).toBeVisible();
  await expect(page.getByRole("main").getByText(email)).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");

  // Submitted users are sent back here by /dashboard.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/pending-approval$/);
});

test("registering an address that already has an account says to check the email, which offers sign-in and reset", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("twice");
  await register(page, email);
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto("/register");
  await other.getByLabel(/^Email/).fill(email);
  await other.getByLabel(/^Password/).fill("another-pass");
  await other.getByLabel(/^Confirm password/i).fill("another-pass");
  await other.getByRole("button", { name: /create account/i }).click();
  await expect(other.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(other.getByRole("status")).toContainText(`We sent a message to ${email}.`);
  await expect(other.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
  await expect(other).toHaveURL(/\/register$/);
  const mail = await waitForMail((m) => m.to.includes(email) && /already exists/.test(m.subject));
  expect(mail.text).toContain("Someone tried to create a Cultivate account with your email address");
  await stranger.close();
});

test("registration refuses mismatched passwords in the page", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel(/^Email/).fill(uniqueEmail());
  await page.getByLabel(/^Password/).fill("secret-pass");
  await page.getByLabel(/^Confirm password/i).fill("different-pass");
  await page.getByRole("button", { name: /create account|register|sign up/i }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Passwords do not match" })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("the bootstrapped admin signs in and lands on /admin; visiting / goes to /admin too", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation").getByText(ADMIN.email)).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(/\/admin$/);
});

test("a wrong password shows the server's message in a red box", async ({ page }) => {
  await signIn(page, uniqueEmail("nobody"), "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
});

test("redirect rules of /dashboard", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);

  const email = uniqueEmail("pending");
  await register(page, email);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/onboarding-form$/);
});

test("sign out returns to the landing page and forgets the session", async ({ page }) => {
  await register(page, uniqueEmail("leaver"));
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("sign out still works when the server already ended the session", async ({ page, context }) => {
  await register(page, uniqueEmail("stale"));
  // Another tab signs out first: the server no longer knows this session.
  const other = await context.newPage();
  const res = await other.request.post("/api/auth/sign-out", { headers: { origin: new URL(page.url()).origin } });
  expect(res.ok()).toBe(true);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("forgot password: the emailed one-time link sets a new password", async ({ page }) => {
  const email = uniqueEmail("forgetful");
  await register(page, email, "old-password");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/login");
  await page.getByRole("link", { name: /forgot your password/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: /send|reset/i }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

  const mail = await waitForMail((m) => m.to.includes(email) && /reset/i.test(m.subject));
  const link = mail.text.match(/https?:\/\/\S+/)![0];
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel(/^New password/i).fill("new-password-9");
  await page.getByLabel(/^Confirm new password/i).fill("new-password-9");
  await page.getByRole("button", { name: /reset password|set password|save/i }).click();
  await expect(page.getByText("Your password has been reset. You can now sign in.")).toBeVisible();

  await signIn(page, email, "new-password-9");
  await expect(page).toHaveURL(/\/onboarding-form$/);

  // The link works only once.
  await page.goto(link);
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
});

test("remember me off keeps the session only for this browser session", async ({ page, context }) => {
  const email = uniqueEmail("forgetme");
  await register(page, email, "secret-pass");
  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, email, "secret-pass", false);
  await expect(page).toHaveURL(/\/onboarding-form$/);
  const session = (await context.cookies()).find((c) => c.name === "cultivate.session_token")!;
  expect(session.expires).toBe(-1);
  expect(session.httpOnly).toBe(true);
  expect(session.sameSite).toBe("Lax");

  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, email, "secret-pass", true);
  await expect(page).toHaveURL(/\/onboarding-form$/);
  const remembered = (await context.cookies()).find((c) => c.name === "cultivate.session_token")!;
  expect(remembered.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
});

test("unknown routes show the not-found page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("landing page: buttons, footer and the Test Email button", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("© 2025 Cultivate")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a Demo" }).first()).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("link", { name: "Contact Us" }).first()).toHaveAttribute("href", "/login");

  const dialog = page.waitForEvent("dialog");
  await page.getByRole("button", { name: "Test Email" }).click();
  const d = await dialog;
  expect(d.message()).toBe("Test email sent! Check console for details.");
  await d.accept();
  const mail = await waitForMail((m) => m.to.includes(SUPPORT_EMAIL));
  expect(mail.subject).toBe("Cultivate test email");
});
