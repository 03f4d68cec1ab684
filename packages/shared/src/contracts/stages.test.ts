import { describe, expect, it } from "vitest";
import {
  decodeStageStreamEvent,
  encodeStageStreamEvent,
  STAGE_STREAM_UNREADABLE_MESSAGE,
  type StageStreamEvent,
} from "./stages.ts";

const record = {
  id: "r1",
  stageName: "Discovery",
  aiOutput: "plan",
  promptSent: "p",
  prepNotes: null,
  campaignId: null,
  campaignName: null,
  provider: "offline",
  model: "m",
  promptVersion: 1,
  userEmail: "a@example.org",
  userName: "Ada Lovelace",
  kind: "ai" as const,
  note: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("stage generation stream events", () => {
  it("reads back every event the server writes, one JSON line each", () => {
    const events: StageStreamEvent[] = [
      { type: "start", provider: "offline", model: "m" },
      { type: "token", text: "Hello\nworld" },
      { type: "done", record },
      { type: "error", message: "The provider failed." },
    ];
    for (const event of events) {
      const line = encodeStageStreamEvent(event);
      expect(line.endsWith("\n")).toBe(true);
      expect(line.slice(0, -1)).not.toContain("\n");
      expect(decodeStageStreamEvent(line)).toEqual(event);
    }
  });

  it("refuses to write an event the contract does not describe", () => {
    expect(() => encodeStageStreamEvent({ type: "token" } as unknown as StageStreamEvent)).toThrow();
  });

  it("turns an unreadable or unknown line into an error event", () => {
    const unreadable = { type: "error", message: STAGE_STREAM_UNREADABLE_MESSAGE };
    expect(decodeStageStreamEvent("{not json")).toEqual(unreadable);
    expect(decodeStageStreamEvent(JSON.stringify({ type: "progress" }))).toEqual(unreadable);
    expect(decodeStageStreamEvent(JSON.stringify({ type: "done", record: { id: 1 } }))).toEqual(unreadable);
  });
});
