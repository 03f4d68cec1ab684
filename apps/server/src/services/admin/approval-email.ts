import { PRODUCT_NAME } from "@cultivate/shared";
import type { OutgoingEmail } from "../../mail/mailer.ts";

/** The approval email (docs/RULES.md, Onboarding and approval); its payload is userEmail, firstName, lastName, organizationName. */
export type ApprovalEmailPayload = {
  userEmail: string;
  firstName: string | null;
  lastName: string | null;
  organizationName: string | null;
};

export function approvalEmail(payload: ApprovalEmailPayload, appUrl: string): OutgoingEmail {
  const name = [payload.firstName, payload.lastName].filter(Boolean).join(" ");
  const greeting = name ? `Hello ${name},` : "Hello,";
  const org = payload.organizationName ? ` for ${payload.organizationName}` : "";
  const loginUrl = new URL("/login", appUrl).toString();
  return {
    to: payload.userEmail,
    kind: "user_approved",
    subject: `Your ${PRODUCT_NAME} account has been approved`,
    text: [
      greeting,
      ``,
      `Your ${PRODUCT_NAME} account${org} has been approved. You can now sign in:`,
      loginUrl,
      ``,
      `Welcome aboard!`,
    ].join("\n"),
  };
}
