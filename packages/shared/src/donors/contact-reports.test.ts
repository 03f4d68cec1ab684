import { describe, expect, it } from "vitest";
import {
  CONTACT_REPORT_MESSAGES,
  contactReportInputSchema,
  contactSummaryText,
  contactTypeForStep,
  formatRecentInteractions,
  withoutContactDetails,
} from "./contact-reports.ts";
import { describeAction } from "../action-sentences.ts";

describe("contact report messages", () => {
  it("are one sentence each", () => {
    for (const m of Object.values(CONTACT_REPORT_MESSAGES)) {
      expect(m).toMatch(/^[A-Z].*[.]$/);
      expect(m.split(/[.!?](\s|$)/).filter((s) => s.trim()).length).toBe(1);
    }
  });
  it("the form's schema answers a bad value with its sentence", () => {
    const base = { type: "call", date: "2026-01-05", summary: "<p>x</p>" };
    const msg = (v: object) => contactReportInputSchema.safeParse({ ...base, ...v }).error?.issues[0]?.message;
    expect(msg({ date: "2026-13-01" })).toBe(CONTACT_REPORT_MESSAGES.invalidDate);
    expect(msg({ date: "3000-01-01" })).toBe(CONTACT_REPORT_MESSAGES.futureDate);
    expect(msg({ type: "visit" })).toBe(CONTACT_REPORT_MESSAGES.invalidType);
    expect(contactReportInputSchema.parse(base)).toMatchObject({ participants: "", participantUserIds: [] });
  });
});

describe("interactions in prompts", () => {
  it("reads a summary as one line of plain text, shortened", () => {
    expect(contactSummaryText("<h2>Visit</h2><p>Tea &amp; cake<br>then a tour</p><ul><li>wing</li></ul>")).toBe(
      "Visit Tea & cake then a tour wing",
    );
    expect(contactSummaryText(`<p>${"a".repeat(500)}</p>`, 10)).toBe("aaaaaaaaa…");
  });
  it("masks email addresses and phone numbers", () => {
    expect(withoutContactDetails("mail jo@x.org or ring +1 (555) 010-2030 before 2026")).toBe(
      "mail [email] or ring [phone] before 2026",
    );
  });
  it("lists them newest first as the caller gives them, or says none", () => {
    expect(formatRecentInteractions([])).toBe("None recorded");
    expect(formatRecentInteractions([{ type: "meeting", date: "2026-03-05", summary: "<p>Lunch</p>" }])).toBe(
      "- Mar 5, 2026 · Meeting: Lunch",
    );
  });
});

describe("contact reports in the action history", () => {
  const action = (actionName: string, details: Record<string, unknown> = {}) => ({
    actionName,
    resourceName: "Connie Contact",
    resourceId: null,
    details,
    durationMs: null,
    success: true,
    userName: "Maria Lopez",
    userEmail: "maria@example.org",
  });
  it("reads as sentences", () => {
    expect(describeAction(action("contact_report_create", { type: "call" }))).toBe(
      "Maria Lopez logged a call with Connie Contact",
    );
    expect(describeAction(action("contact_report_create", { type: "email" }))).toBe(
      "Maria Lopez logged an email with Connie Contact",
    );
    expect(describeAction(action("contact_report_create", { type: "other" }))).toBe(
      "Maria Lopez logged a contact with Connie Contact",
    );
    expect(describeAction(action("contact_report_update"))).toBe(
      "Maria Lopez edited a contact report on Connie Contact",
    );
    expect(describeAction(action("contact_report_delete"))).toBe(
      "Maria Lopez deleted a contact report on Connie Contact",
    );
  });
});

describe("contactTypeForStep", () => {
  it.each([
    ["Call Mrs Lee about the gala", "call"],
    ["Schedule a coffee with the Tans", "meeting"],
    ["Meet at the site visit", "meeting"],
    ["Send a thank-you e-mail", "email"],
    ["Email the proposal", "email"],
    ["Invite to the spring reception", "event"],
    ["Write a handwritten note", "letter"],
    ["Mail the annual report", "letter"],
    ["Follow up", "call"],
  ] as const)("%s → %s", (title, type) => {
    expect(contactTypeForStep(title)).toBe(type);
  });
});
