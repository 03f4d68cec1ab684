import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { organizations, userActions } from "../src/db/schema.ts";
import { loadActor } from "../src/policy/actor.ts";
import { trackOperation } from "../src/services/activity/track.ts";
import { badRequest } from "../src/lib/errors.ts";
import {
  buildUser,
  cookieFrom,
  createTestApp,
  registerUser,
  signIn,
  validOnboarding,
  type TestApp,
} from "./helpers.ts";

let t: TestApp;
let orgA: string;
beforeAll(async () => {
  t = await createTestApp();
  const [a] = await t.db.insert(organizations).values({ name: "Harbor Literacy" }).returning();
  orgA = a!.id;
});
afterAll(async () => {
  await t?.close();
});

/** Tracking is written off the request path: wait until the row is there. */
async function actionsOf(userId: string, actionName: string, atLeast = 1) {
  for (let i = 0; i < 100; i++) {
    await t.app.activity.flush();
    const rows = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.userId, userId), eq(userActions.actionName, actionName)));
    if (rows.length >= atLeast) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return [];
}

describe("server-side tracking", () => {
  it("records sign-in with the session, IP address and user agent, and sign-out", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const res = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: u.password, rememberMe: false },
      ip: "198.51.100.7",
      headers: { "user-agent": "TrackingTest/1.0" },
    });
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res);
    const [signInRow] = await actionsOf(u.userId, "sign_in");
    expect(signInRow).toMatchObject({
      actionType: "authentication",
      organizationId: orgA,
      ipAddress: "198.51.100.7",
      userAgent: "TrackingTest/1.0",
      success: true,
      resourceType: "session",
      details: { method: "email", rememberMe: false },
    });
    expect(signInRow!.sessionId).toBeTruthy();
    expect(signInRow!.resourceId).toBe(signInRow!.sessionId);

    expect((await t.request("POST", "/api/auth/sign-out", { cookie })).statusCode).toBe(200);
    const [signOutRow] = await actionsOf(u.userId, "sign_out");
    expect(signOutRow).toMatchObject({ actionType: "authentication", sessionId: signInRow!.sessionId, success: true });
  });

  it("does not track failed sign-ins or signed-out visitors (tracking is for signed-in users only)", async () => {
    const u = await buildUser(t, { organizationId: orgA });
    const before = await t.db.select().from(userActions).where(eq(userActions.userId, u.userId));
    const res = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: "wrong-password" },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.request("POST", "/api/auth/sign-out")).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    await t.app.activity.flush();
    expect(await t.db.select().from(userActions).where(eq(userActions.userId, u.userId))).toHaveLength(before.length);
  });

  it("records an onboarding submit that failed (with its message) and one that succeeded", async () => {
    const u = await registerUser(t);
    const bad = await t.request("POST", "/api/onboarding", {
      cookie: u.cookie,
      body: validOnboarding({ firstName: "" }),
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.request("POST", "/api/onboarding", {
      cookie: u.cookie,
      body: validOnboarding({ organizationName: "Tracking Org" }),
    });
    expect(ok.statusCode).toBe(201);
    const rows = await actionsOf(u.userId, "onboarding_submit", 2);
    const failed = rows.find((r) => !r.success)!;
    const succeeded = rows.find((r) => r.success)!;
    expect(failed).toMatchObject({ actionType: "data_management", success: false });
    expect(failed.errorMessage).toContain("Please fill in all required fields.");
    expect(succeeded).toMatchObject({
      actionType: "data_management",
      resourceType: "organization",
      resourceId: ok.json().organization.id,
    });
    expect(succeeded.durationMs).toEqual(expect.any(Number));
  });

  it("records issue submit, update and delete", async () => {
    const u = await buildUser(t, { role: "org_owner", organizationId: orgA });
    const res = await t.request("POST", "/api/issues", {
      cookie: u.cookie,
      body: { type: "bug", title: "T", description: "D" },
    });
    const id = res.json().id as string;
    await t.request("PATCH", `/api/issues/${id}`, { cookie: u.cookie, body: { status: "active" } });
    await t.request("DELETE", `/api/issues/${id}`, { cookie: u.cookie });
    for (const name of ["issue_submit", "issue_update", "issue_delete"]) {
      const [row] = await actionsOf(u.userId, name);
      expect(row, name).toMatchObject({ actionType: "system", resourceType: "issue", resourceId: id });
    }
  });
});

describe("the helper other features call", () => {
  it("trackOperation reports start, then success with a duration or failed with the error message", async () => {
    const u = await buildUser(t, { role: "org_manager", organizationId: orgA });
    const actor = (await loadActor(t.db, u.userId, "s-op"))!;
    const action = {
      actionType: "campaign_management" as const,
      actionName: "campaign_create",
      resourceType: "campaign",
      details: { name: "Spring" },
    };
    expect(await trackOperation(t.app, actor, null, action, async () => "created")).toBe("created");
    await expect(
      trackOperation(t.app, actor, null, { ...action, actionName: "campaign_update" }, async () => {
        // Issue 11: the history stores the sentence a user reads (an HttpError's), never an unexpected error's raw text.
        throw badRequest("Name is required");
      }),
    ).rejects.toThrow("Name is required");
    const created = await actionsOf(u.userId, "campaign_create", 2);
    expect(created.map((r) => r.details.phase).sort()).toEqual(["start", "success"]);
    expect(created.find((r) => r.details.phase === "success")).toMatchObject({
      success: true,
      durationMs: expect.any(Number),
      details: { name: "Spring" },
    });
    const updated = await actionsOf(u.userId, "campaign_update", 2);
    expect(updated.find((r) => r.details.phase === "failed")).toMatchObject({
      success: false,
      errorMessage: "Name is required",
      organizationId: orgA,
    });
    expect(updated.find((r) => r.details.phase === "start")).toMatchObject({ success: true, durationMs: null });
  });
});

describe("browser-side tracking: page views and updateAction", () => {
  it("records a page view for a signed-in user and returns its id; 401 when signed out", async () => {
    expect(
      (
        await t.request("POST", "/api/functions/trackAction", {
          body: { actionType: "navigation", actionName: "page_view" },
        })
      ).statusCode,
    ).toBe(401);
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const res = await t.request("POST", "/api/functions/trackAction", {
      cookie: u.cookie,
      headers: { "user-agent": "Browser/2" },
      body: {
        actionType: "navigation",
        actionName: "page_view",
        resourceType: "page",
        resourceId: "/donors",
        details: { path: "/donors", title: "Donors" },
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(userActions).where(eq(userActions.id, res.json().id));
    expect(row).toMatchObject({
      userId: u.userId,
      organizationId: orgA,
      actionType: "navigation",
      resourceId: "/donors",
      userAgent: "Browser/2",
      durationMs: null,
    });
    expect(
      (
        await t.request("POST", "/api/functions/trackAction", {
          cookie: u.cookie,
          body: { actionType: "bogus", actionName: "x" },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("updateAction sets the duration and merges details, from a JSON body or sendBeacon's text/plain", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const { id } = (
      await t.request("POST", "/api/functions/trackAction", {
        cookie: u.cookie,
        body: { actionType: "navigation", actionName: "page_view", details: { path: "/a" } },
      })
    ).json();
    const json = await t.request("POST", "/api/functions/updateAction", {
      cookie: u.cookie,
      body: { actionId: id, duration_ms: 1500, details: { reason: "route_change" } },
    });
    expect(json.statusCode).toBe(200);
    let [row] = await t.db.select().from(userActions).where(eq(userActions.id, id));
    expect(row).toMatchObject({ durationMs: 1500, details: { path: "/a", reason: "route_change" } });

    // What navigator.sendBeacon(url, string) sends.
    const beacon = await t.app.inject({
      method: "POST",
      url: "/api/functions/updateAction",
      headers: { cookie: u.cookie, "content-type": "text/plain;charset=UTF-8", origin: t.config.appUrl },
      payload: JSON.stringify({ actionId: id, duration_ms: 4200, details: { reason: "unload" } }),
    });
    expect(beacon.statusCode, beacon.body).toBe(200);
    [row] = await t.db.select().from(userActions).where(eq(userActions.id, id));
    expect(row).toMatchObject({ durationMs: 4200, details: { path: "/a", reason: "unload" } });

    const garbage = await t.app.inject({
      method: "POST",
      url: "/api/functions/updateAction",
      headers: { cookie: u.cookie, "content-type": "text/plain", origin: t.config.appUrl },
      payload: "not json",
    });
    expect(garbage.statusCode).toBe(400);
  });

  it("updateAction only touches the caller's own action (404 otherwise) and needs a session", async () => {
    const owner = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const other = await buildUser(t, { role: "org_owner", organizationId: orgA });
    const { id } = (
      await t.request("POST", "/api/functions/trackAction", {
        cookie: owner.cookie,
        body: { actionType: "navigation", actionName: "page_view" },
      })
    ).json();
    const res = await t.request("POST", "/api/functions/updateAction", {
      cookie: other.cookie,
      body: { actionId: id, duration_ms: 99 },
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.request("POST", "/api/functions/updateAction", { body: { actionId: id, duration_ms: 99 } })).statusCode,
    ).toBe(401);
    const [row] = await t.db.select().from(userActions).where(eq(userActions.id, id));
    expect(row!.durationMs).toBeNull();
  });

  it("a browser-chosen id sent again completes the page view (an unload beacon racing its insert), only for its owner", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const other = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const id = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b";
    const view = {
      id,
      actionType: "navigation",
      actionName: "page_view",
      resourceType: "page",
      resourceId: "/support",
    };
    // The unload beacon (text/plain, with the duration) lands first, the original insert second.
    const beacon = await t.app.inject({
      method: "POST",
      url: "/api/functions/trackAction",
      // A beacon carries the page's Origin like any POST (issue 11: a cookie without it is refused).
      headers: { cookie: u.cookie, "content-type": "text/plain;charset=UTF-8", origin: t.config.appUrl },
      payload: JSON.stringify({ ...view, durationMs: 5300, details: { ended: "unload" } }),
    });
    expect(beacon.statusCode, beacon.body).toBe(201);
    const late = await t.request("POST", "/api/functions/trackAction", {
      cookie: u.cookie,
      body: { ...view, details: { path: "/support" } },
    });
    expect(late.statusCode).toBe(201);
    const rows = await t.db.select().from(userActions).where(eq(userActions.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: u.userId,
      durationMs: 5300,
      details: { ended: "unload", path: "/support" },
    });
    // Someone else reusing the id changes nothing.
    const hijack = await t.request("POST", "/api/functions/trackAction", {
      cookie: other.cookie,
      body: { ...view, durationMs: 1 },
    });
    expect(hijack.statusCode).toBe(404);
    const [after] = await t.db.select().from(userActions).where(eq(userActions.id, id));
    expect(after).toMatchObject({ userId: u.userId, durationMs: 5300 });
  });

  it("a sign-in of a freshly registered user through signIn() is tracked too", async () => {
    const u = await registerUser(t);
    await signIn(t, u.email, u.password);
    expect(await actionsOf(u.userId, "sign_in")).toHaveLength(1);
  });
});
