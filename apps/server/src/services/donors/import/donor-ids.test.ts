import { describe, expect, it } from "vitest";
import { newDonorId } from "./donor-ids.ts";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("imported donors' ids", () => {
  it("are version 7 UUIDs carrying the time, increasing within a millisecond and past 4,096 of them", () => {
    const at = Date.UTC(2026, 10, 27, 12, 0, 0);
    const ids = Array.from({ length: 10_000 }, () => newDonorId(at));
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(parseInt(ids[0]!.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
    // A clock that goes back does not take the ids back.
    const later = newDonorId(at - 60_000);
    expect(later > ids.at(-1)!).toBe(true);
  });
});
