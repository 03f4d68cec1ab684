import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ACTION_NAMES, RESOURCE_TYPES } from "@cultivate/shared";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "..");
/** The web app's sources: its page-view tracker files page views under a resource type too. */
const WEB_SRC = join(SRC, "..", "..", "web", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // db/ holds the table definitions (`actionName: text("action_name")`), not recorded names.
    if (entry.isDirectory()) return entry.name === "db" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every string literal the server passes as an `actionName` (`actionName: "x"` or `const actionName = … "x" …`). */
function recordedActionNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/actionName(?::|\s*=)\s*([^,;}]+)/g)) {
      for (const literal of match[1]!.matchAll(/"([a-z_0-9]+)"/g)) names.add(literal[1]!);
    }
  }
  return names;
}

describe("ACTION_NAMES", () => {
  it("lists every action name the server records, so Action History's filters offer it", () => {
    const known = new Set<string>(Object.values(ACTION_NAMES).flat());
    const recorded = [...recordedActionNames()].sort();
    expect(recorded.length).toBeGreaterThan(20);
    expect(recorded).toContain("user_decline");
    expect(recorded.filter((name) => !known.has(name))).toEqual([]);
  });
});

describe("RESOURCE_TYPES", () => {
  it("lists every resource type the server or the page-view tracker files an action under", () => {
    const recorded = new Set<string>();
    for (const file of [...sourceFiles(SRC), ...sourceFiles(WEB_SRC)]) {
      for (const match of readFileSync(file, "utf8").matchAll(/resourceType:\s*"([a-z_]+)"/g)) recorded.add(match[1]!);
    }
    expect(recorded.size).toBeGreaterThan(8);
    expect(recorded).toContain("page");
    expect([...recorded].filter((type) => !(RESOURCE_TYPES as readonly string[]).includes(type))).toEqual([]);
  });
});
