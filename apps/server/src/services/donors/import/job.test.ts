import { describe, expect, it } from "vitest";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { dbErrorSummary } from "./job.ts";

describe("dbErrorSummary", () => {
  it("keeps the database's code and message and drops the query and its parameters", () => {
    const cause = Object.assign(new Error("index row requires 12064 bytes, maximum size is 8191"), { code: "54000" });
    const err = new DrizzleQueryError('INSERT INTO "donors" ("first_name") VALUES ($1)', ["secret donor name"], cause);
    const s = dbErrorSummary(err);
    expect(s).toEqual({ code: "54000", message: "index row requires 12064 bytes, maximum size is 8191" });
    expect(JSON.stringify(s)).not.toContain("secret");
    expect(dbErrorSummary(new TypeError("x is undefined"))).toMatchObject({
      message: "x is undefined",
      stack: expect.stringContaining("TypeError"),
    });
  });
});
