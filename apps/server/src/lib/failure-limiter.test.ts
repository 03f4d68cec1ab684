import { describe, expect, it } from "vitest";
import { SlidingWindowLimiter } from "./failure-limiter.ts";

describe("SlidingWindowLimiter", () => {
  it("blocks after the limit within the window and frees the key when the window passes", () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(5, 60_000, () => now);
    for (let i = 0; i < 5; i++) {
      expect(limiter.isBlocked("k")).toBe(false);
      limiter.hit("k");
    }
    expect(limiter.isBlocked("k")).toBe(true);
    expect(limiter.isBlocked("other")).toBe(false);
    now = 60_001;
    expect(limiter.isBlocked("k")).toBe(false);
  });

  it("counts a key's events in the window", () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(5, 60_000, () => now);
    expect(limiter.count("k")).toBe(0);
    limiter.hit("k");
    limiter.hit("k");
    expect(limiter.count("k")).toBe(2);
    now = 60_001;
    expect(limiter.count("k")).toBe(0);
  });

  it("reset clears a key", () => {
    const limiter = new SlidingWindowLimiter(1, 1000);
    limiter.hit("k");
    expect(limiter.isBlocked("k")).toBe(true);
    limiter.reset("k");
    expect(limiter.isBlocked("k")).toBe(false);
  });
});
