import type { OnboardingData } from "@cultivate/shared";
import { PRODUCT_NAME } from "@cultivate/shared";
import type { OutgoingEmail } from "./mailer.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function passwordResetEmail(to: string, url: string, expiresInMinutes: number): OutgoingEmail {
  const text = [
    `Someone asked to reset the password of your ${PRODUCT_NAME} account.`,
    ``,
    `Open this link to choose a new password (it works once and expires in ${expiresInMinutes} minutes):`,
    url,
    ``,
    `If you did not ask for this, ignore this email: your password stays as it is.`,
  ].join("\n");
  return {
    to,
    kind: "password_reset",
    subject: `Reset your ${PRODUCT_NAME} password`,
    text,
    html: `<p>Someone asked to reset the password of your ${PRODUCT_NAME} account.</p><p><a href="${escapeHtml(url)}">Choose a new password</a> (the link works once and expires in ${expiresInMinutes} minutes).</p><p>If you did not ask for this, ignore this email.</p>`,
  };
}

/** Sent instead of an "already exists" answer, so sign-up never tells a stranger who has an account. */
export function accountExistsEmail(to: string, signInUrl: string, resetUrl: string): OutgoingEmail {
  const text = [
    `Someone tried to create a ${PRODUCT_NAME} account with your email address, which already has an account.`,
    ``,
    `If it was you, sign in instead: ${signInUrl}`,
    `Forgot your password? Reset it here: ${resetUrl}`,
    ``,
    `If it was not you, you can ignore this email: nothing has changed on your account.`,
  ].join("\n");
  return {
    to,
    kind: "account_exists",
    subject: `Your ${PRODUCT_NAME} account already exists`,
    text,
    html: `<p>Someone tried to create a ${PRODUCT_NAME} account with your email address, which already has an account.</p><p>If it was you, <a href="${escapeHtml(signInUrl)}">sign in</a> instead, or <a href="${escapeHtml(resetUrl)}">reset your password</a> if you forgot it.</p><p>If it was not you, you can ignore this email: nothing has changed on your account.</p>`,
  };
}

export function testEmail(to: string): OutgoingEmail {
  return {
    to,
    kind: "test",
    subject: `${PRODUCT_NAME} test email`,
    text: `This is a test message from ${PRODUCT_NAME}. If you can read it, outgoing email works.`,
  };
}

export function onboardingSubmittedEmail(to: string, userEmail: string, form: OnboardingData): OutgoingEmail {
  const lines: [string, string | number | null][] = [
    ["Email", userEmail],
    ["Organization", form.organizationName],
    ["Name", `${form.firstName} ${form.lastName}`],
    ["Phone", form.phoneNumber],
    ["Website", form.website],
    ["Role", form.role === "other" ? `Other: ${form.otherRole ?? ""}` : form.role],
    ["Years worked", form.yearsWorked],
    ["Fundraising types", form.fundraisingTypes.join(", ") || null],
    ["Other fundraising", form.otherFundraising],
    ["Number of donors", form.numDonors],
    ["Annual budget", form.annualBudget],
    ["Full-time staff", form.fullTimeStaff],
    ["CRM/database", form.crmDb],
    ["Software comfort", form.softwareComfort],
    ["AI tools used before", form.aiTools],
    ["AI tools", form.aiToolsText],
    [`How they will use ${PRODUCT_NAME}`, form.cultivateUse],
  ];
  const body = lines.map(([k, v]) => `${k}: ${v ?? "—"}`).join("\n");
  return {
    to,
    kind: "onboarding_submitted",
    subject: `New ${PRODUCT_NAME} application: ${form.organizationName}`,
    text: `A new user submitted the onboarding form and is waiting for approval.\n\n${body}\n\nReview it in User Management.`,
  };
}
