import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { userActions } from "../src/db/schema.ts";
import { loadActor } from "../src/policy/actor.ts";
import { createTestApp, registerUser, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("activity recorder", () => {
  it("queues actions and writes them in a batch off the request path", async () => {
    const { userId } = await registerUser(t);
    const actor = (await loadActor(t.db, userId, "session-1"))!;
    t.app.activity.record(actor, null, { actionType: "system", actionName: "first" });
    t.app.activity.record(actor, null, { actionType: "system", actionName: "second", details: { n: 2 } });
    await t.app.activity.flush();
    const rows = await t.db.select().from(userActions).where(eq(userActions.userId, userId));
    expect(rows.map((r) => r.actionName).sort()).toEqual(["first", "second"]);
    expect(rows.find((r) => r.actionName === "second")).toMatchObject({ details: { n: 2 }, success: true, sessionId: "session-1" });
  });

  it("around() records success with a duration, and failure with its message", async () => {
    const { userId } = await registerUser(t);
    const actor = (await loadActor(t.db, userId, "s"))!;
    await t.app.activity.around(actor, null, { actionType: "campaign_management", actionName: "ok" }, async () => 1);
    await expect(
      t.app.activity.around(actor, null, { actionType: "campaign_management", actionName: "boom" }, async () => {
        throw new Error("it broke");
      }),
    ).rejects.toThrow("it broke");
    await t.app.activity.flush();
    const rows = await t.db.select().from(userActions).where(eq(userActions.userId, userId));
    expect(rows.find((r) => r.actionName === "ok")).toMatchObject({ success: true, durationMs: expect.any(Number) });
    expect(rows.find((r) => r.actionName === "boom")).toMatchObject({ success: false, errorMessage: "it broke" });
  });
});
