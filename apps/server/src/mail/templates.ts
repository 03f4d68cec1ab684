import type { OnboardingData } from "@cultivate/shared";
import { PRODUCT_NAME } from "@cultivate/shared";
import type { OutgoingEmail } from "./mailer.ts";

/** Text into an email's HTML body (every template, and the weekly digest). */
export const escapeHtml = (s: string) =>
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

/**
 * The application email (issue 11): the applicant's name, email and every onboarding answer, and the
 * organisation as stored. `kind` says whether the form created the organisation or asks to join one.
 */
export function onboardingSubmittedEmail(
  to: string,
  userEmail: string,
  form: OnboardingData,
  organization: { name: string; kind: "new" | "join" | "member" },
  appUrl?: string,
): OutgoingEmail {
  const lines: [string, string | number | null][] = [
    ["Email", userEmail],
    ["Organization", organization.name],
    ...(form.organizationName !== organization.name
      ? [["Organization as typed", form.organizationName] as [string, string]]
      : []),
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
  const name = `${form.firstName} ${form.lastName}`;
  const intro =
    organization.kind === "new"
      ? `A new user submitted the onboarding form for a new organization and is waiting for approval.`
      : `${name} (${userEmail}) asks to join ${organization.name} and is waiting for approval. They see nothing of the organization until an owner or an administrator approves them.`;
  const review = appUrl
    ? `Approve or decline in User Management: ${new URL("/admin/users", appUrl).toString()}`
    : "Approve or decline in User Management.";
  return {
    to,
    kind: "onboarding_submitted",
    subject:
      organization.kind === "new"
        ? `New ${PRODUCT_NAME} application: ${organization.name}`
        : `${name} asks to join ${organization.name} on ${PRODUCT_NAME}`,
    text: `${intro}\n\n${body}\n\n${review}`,
  };
}

/** Issue 11: the applicant hears that the request was declined and that they may apply again. */
export function applicationDeclinedEmail(to: string, organizationName: string | null, appUrl: string): OutgoingEmail {
  const org = organizationName ? ` to join ${organizationName}` : "";
  return {
    to,
    kind: "application_declined",
    subject: `Your ${PRODUCT_NAME} application was declined`,
    text: [
      `Hello,`,
      ``,
      `Your request${org} on ${PRODUCT_NAME} was declined, so your account is not linked to that organization.`,
      `If you think this is a mistake, sign in and fill in the onboarding form again, or contact the organization's owner:`,
      new URL("/login", appUrl).toString(),
    ].join("\n"),
  };
}
