import { describe, expect, it } from "vitest";
import { OfflineProvider } from "./offline-provider.ts";
import type { StageContext } from "./types.ts";

const context = (more: Partial<StageContext> = {}): StageContext => ({
  stage: "Connection",
  donor: {
    name: "Ada Lovelace",
    facts: [],
    capacity: null,
    rating: null,
    totalGiven: null,
    giftCount: null,
    lastGiftDate: null,
    lastGiftAmount: null,
    largestGift: null,
  },
  campaignName: null,
  campaignGoal: null,
  donorGoal: null,
  prepNotes: null,
  previousStages: [],
  ...more,
});

describe("the offline planner", () => {
  // (Moved from test/contact-reports.test.ts: it needs no database.)
  it("refers to the last contact", async () => {
    const ctx = context({
      recentInteractions: [
        { type: "Meeting", date: "2026-03-01", summary: "Toured the new wing" },
        { type: "Call", date: "2026-02-01", summary: "Thanked her" },
      ],
    });
    const { text } = await new OfflineProvider().generate({ prompt: "", context: ctx });
    expect(text).toContain("- Last contact: meeting on Mar 1, 2026 — Toured the new wing.");
    expect(text).toContain("- Earlier contacts: call (Feb 1, 2026).");
    const { text: cold } = await new OfflineProvider().generate({
      prompt: "",
      context: { ...ctx, recentInteractions: [] },
    });
    expect(cold).toContain("No contact is logged yet");
  });

  it("quotes an earlier short plan whole and cuts a long one at 160 characters with …", async () => {
    const { text } = await new OfflineProvider().generate({
      prompt: "",
      context: context({
        previousStages: [
          { stageName: "Discovery", aiOutput: "Call her\nabout the gala.", createdAt: "2026-11-25T10:00:00Z" },
          { stageName: "Connection", aiOutput: "word ".repeat(60), createdAt: "2026-11-26T10:00:00Z" },
        ],
      }),
    });
    expect(text).toContain("- Discovery (2026-11-25): Call her about the gala.\n");
    const long = text.split("\n").find((l) => l.startsWith("- Connection (2026-11-26): "))!;
    expect(long.endsWith("word…")).toBe(true);
    expect(long.length - "- Connection (2026-11-26): ".length).toBeLessThanOrEqual(160);
  });
});
