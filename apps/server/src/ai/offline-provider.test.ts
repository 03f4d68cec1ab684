import { describe, expect, it } from "vitest";
import { OfflineProvider } from "./offline-provider.ts";
import type { StageContext } from "./types.ts";

const context = (previousStages: StageContext["previousStages"]): StageContext => ({
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
  previousStages,
});

describe("the offline planner's earlier stages", () => {
  it("quotes a short plan whole and cuts a long one at 160 characters with …", async () => {
    const { text } = await new OfflineProvider().generate({
      prompt: "",
      context: context([
        { stageName: "Discovery", aiOutput: "Call her\nabout the gala.", createdAt: "2026-11-25T10:00:00Z" },
        { stageName: "Connection", aiOutput: "word ".repeat(60), createdAt: "2026-11-26T10:00:00Z" },
      ]),
    });
    expect(text).toContain("- Discovery (2026-11-25): Call her about the gala.\n");
    const long = text.split("\n").find((l) => l.startsWith("- Connection (2026-11-26): "))!;
    expect(long.endsWith("word…")).toBe(true);
    expect(long.length - "- Connection (2026-11-26): ".length).toBeLessThanOrEqual(160);
  });
});
