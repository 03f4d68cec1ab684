import { describe, expect, it } from "vitest";
import { noRoleNextStep } from "../admin.ts";
import { DONOR_MESSAGES } from "./messages.ts";

describe("import messages (issue 14)", () => {
  it("keeps the spec's upload sentence and says what happened, with thousands separators", () => {
    expect(DONOR_MESSAGES.uploadSuccess({ inserted: 5, updated: 12, unchanged: 2978, skipped: 0 })).toBe(
      "Successfully uploaded 2,995 donor records (5 new, 12 updated, 2,978 unchanged)!",
    );
    expect(DONOR_MESSAGES.uploadSuccess({ inserted: 1, updated: 0, unchanged: 0, skipped: 2 })).toBe(
      "Successfully uploaded 1 donor record (1 new, 0 updated, 0 unchanged)! 2 rows were skipped (see the problem report).",
    );
    expect(DONOR_MESSAGES.importCountsSummary({ inserted: 5, updated: 12, unchanged: 2978, skipped: 0 })).toBe(
      "2,995 donors: 5 new, 12 updated, 2,978 unchanged",
    );
  });

  it("says how many donors an undo removes and restores", () => {
    expect(DONOR_MESSAGES.undoImportConfirm({ inserted: 1200, updated: 1 })).toBe(
      "Undoing this import removes the 1,200 donors it added and restores the 1 donor it updated to their values from before the import (fields edited since then are kept).",
    );
    expect(DONOR_MESSAGES.undoImportConfirm({ inserted: 3, updated: 0 })).toBe(
      "Undoing this import removes the 3 donors it added.",
    );
  });
});

describe("the Next Step card (issue 14)", () => {
  it("finishes the spec's sentence instead of '...'", () => {
    expect(DONOR_MESSAGES.nextStep("Solicitation")).toBe(
      "You are in the Solicitation stage: prepare the ask, with an amount and a purpose that fit the donor.",
    );
    expect(DONOR_MESSAGES.nextStep("Discovery")).not.toContain("...");
  });
});

describe("noRoleNextStep (issue 14)", () => {
  it("names who can give a user without a role access", () => {
    expect(noRoleNextStep("Harbor Trust", ["owner@harbor.org"])).toBe(
      "Your account has no role in Harbor Trust yet. Ask its owner, owner@harbor.org, or a platform administrator, to give you one on User Management.",
    );
    expect(noRoleNextStep("Harbor Trust", [])).toContain("A platform administrator can give you a role");
    expect(noRoleNextStep(null, [])).toContain("belongs to no organization");
  });
});
