import { describe, expect, it } from "vitest";
import {
  BOARD_COLUMNS,
  BOARD_MESSAGES,
  BOARD_NOTE_MAX,
  boardMoveInputSchema,
  boardMoveRefusal,
  nextColumn,
  stageRecordText,
} from "./board.ts";

const donorId = "0b9c6f0e-3f7e-4a43-9a55-7d0d6b6f1a11";

describe("the pipeline board's move rule", () => {
  it("lets a card move exactly one column forward", () => {
    for (let i = 0; i < BOARD_COLUMNS.length - 1; i++) {
      expect(boardMoveRefusal(BOARD_COLUMNS[i]!, BOARD_COLUMNS[i + 1]!)).toBeNull();
      expect(nextColumn(BOARD_COLUMNS[i]!)).toBe(BOARD_COLUMNS[i + 1]);
    }
    expect(nextColumn("Complete")).toBeNull();
  });

  it("refuses the same column, backwards, skipping and anything from Complete, each with its sentence", () => {
    expect(boardMoveRefusal("Deepening", "Deepening")).toBe(BOARD_MESSAGES.sameColumn("Deepening"));
    expect(boardMoveRefusal("Deepening", "Discovery")).toBe(BOARD_MESSAGES.backwards("Deepening", "Discovery"));
    expect(boardMoveRefusal("Discovery", "Deepening")).toBe(BOARD_MESSAGES.skip("Discovery", "Connection"));
    expect(boardMoveRefusal("Complete", "Follow-Up")).toBe(BOARD_MESSAGES.complete);
  });
});

describe("the move request", () => {
  it("needs a note, trimmed, of at most the limit", () => {
    const parse = (note: unknown) => boardMoveInputSchema.safeParse({ donorId, toStage: "Connection", note });
    expect(parse("  Met at the gala  ").data?.note).toBe("Met at the gala");
    expect(parse("   ").error?.issues[0]?.message).toBe(BOARD_MESSAGES.noteRequired);
    expect(parse(undefined).error?.issues[0]?.message).toBe(BOARD_MESSAGES.noteRequired);
    expect(parse("x".repeat(BOARD_NOTE_MAX + 1)).error?.issues[0]?.message).toBe(BOARD_MESSAGES.noteTooLong);
    expect(boardMoveInputSchema.safeParse({ donorId, toStage: "Nowhere", note: "x" }).success).toBe(false);
  });
});

describe("what a stage record tells later prompts", () => {
  it("is the AI output, or a person's note for a record written on the board", () => {
    expect(stageRecordText({ aiOutput: "Plan", kind: "ai", note: null })).toBe("Plan");
    expect(stageRecordText({ aiOutput: null, kind: "person", note: "Called her" })).toMatch(/Called her$/);
    expect(stageRecordText({ aiOutput: null, kind: "ai", note: null })).toBeNull();
  });
});
