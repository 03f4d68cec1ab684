import { describe, expect, it } from "vitest";
import {
  newPasswordProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
} from "./auth-messages.ts";

describe("newPasswordProblem", () => {
  it("checks the match first, then the length, in the spec's words", () => {
    expect(newPasswordProblem("secret1", "secret2")).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(newPasswordProblem("12345", "1234")).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(newPasswordProblem("12345", "12345")).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe("Password must be at least 6 characters long");
    const long = "x".repeat(PASSWORD_MAX_LENGTH + 1);
    expect(newPasswordProblem(long, long)).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(PASSWORD_TOO_LONG_MESSAGE).toBe("Password must be at most 128 characters long");
  });

  it("accepts the shortest and the longest password allowed", () => {
    const shortest = "x".repeat(PASSWORD_MIN_LENGTH);
    const longest = "x".repeat(PASSWORD_MAX_LENGTH);
    expect(newPasswordProblem(shortest, shortest)).toBeNull();
    expect(newPasswordProblem(longest, longest)).toBeNull();
  });
});
