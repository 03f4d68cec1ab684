import { describe, expect, it } from "vitest";
import { KeySet } from "./key-set.ts";

describe("KeySet", () => {
  it("finds every key added, through growth, and (almost) nothing else", () => {
    const s = new KeySet();
    for (let i = 0; i < 50_000; i++) s.add(`e:donor${i}@example.org`);
    s.add("e:donor1@example.org"); // a duplicate is not counted twice
    expect(s.size).toBe(50_000);
    for (let i = 0; i < 50_000; i++) expect(s.has(`e:donor${i}@example.org`)).toBe(true);
    let falsePositives = 0;
    for (let i = 50_000; i < 100_000; i++) if (s.has(`e:donor${i}@example.org`)) falsePositives++;
    expect(falsePositives).toBe(0);
    expect(s.has("")).toBe(false);
  });
});
