// The email outbox as admins read it (docs/RULES.md, Email outbox): every message the product wrote,
// newest first, a page at a time, with its state and its text; admins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_DENIED_MESSAGE, OUTBOX_NOT_FOUND_MESSAGE } from "@cultivate/shared";
import { emailOutbox } from "../src/db/schema.ts";
import { buildUser, createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t, { role: "admin", organizationId: null });
  const base = Date.UTC(2026, 10, 1);
  // 52 messages, two of them at the same instant (ties go by id, so pages never overlap).
  await t.db.insert(emailOutbox).values(
    Array.from({ length: 52 }, (_, i) => ({
      to: i === 7 ? "maria.lopez@harbor.example" : `member${i}@example.org`,
      subject: i === 7 ? "Reset your Cultivate password" : `Weekly digest ${String(i).padStart(2, "0")}`,
      text:
        i === 7
          ? "Open this link to choose a new password: https://cultivate.example/reset?token=abc"
          : "Due this week.",
      kind: i === 7 ? "password_reset" : "digest",
      status: i === 3 ? ("failed" as const) : ("stored" as const),
      attempts: i === 3 ? 8 : 0,
      lastError: i === 3 ? "Connection refused" : null,
      createdAt: new Date(base + (i === 1 ? 0 : i) * 60_000),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie = admin.cookie) => t.request("GET", url, { cookie });

describe("the email outbox", () => {
  it("lists 50 messages a page, newest first, with each one's state; pages never overlap", async () => {
    const first = await get("/api/admin/outbox");
    expect(first.statusCode).toBe(200);
    const one = first.json();
    expect(one).toMatchObject({ page: 1, pageSize: 50 });
    expect(one.total).toBeGreaterThanOrEqual(52);
    expect(one.emails).toHaveLength(50);
    const all = [...one.emails, ...(await get("/api/admin/outbox?page=2")).json().emails];
    expect(new Set(all.map((e: { id: string }) => e.id)).size).toBe(all.length);
    const times = all.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = all.find((e: { subject: string }) => e.subject === "Weekly digest 03");
    expect(failed).toMatchObject({ status: "failed", attempts: 8, lastError: "Connection refused", sentAt: null });
    expect(failed).not.toHaveProperty("text");
  });

  it("finds messages by recipient or subject, in any case; % and _ are plain letters", async () => {
    const byTo = (await get("/api/admin/outbox?q=MARIA.LOPEZ")).json();
    expect(byTo.emails.map((e: { kind: string }) => e.kind)).toEqual(["password_reset"]);
    expect(byTo.total).toBe(1);
    expect((await get("/api/admin/outbox?q=reset%20your")).json().total).toBe(1);
    expect((await get("/api/admin/outbox?q=%25")).json().total).toBe(0);
    expect((await get("/api/admin/outbox?q=_")).json().total).toBe(0);
  });

  it("opens one message with its text; an unknown id is 404 with one sentence", async () => {
    const { emails } = (await get("/api/admin/outbox?q=maria")).json();
    const res = await get(`/api/admin/outbox/${emails[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      to: "maria.lopez@harbor.example",
      status: "stored",
      text: "Open this link to choose a new password: https://cultivate.example/reset?token=abc",
    });
    const missing = await get(`/api/admin/outbox/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "not_found", message: OUTBOX_NOT_FOUND_MESSAGE });
    expect((await get("/api/admin/outbox/not-a-uuid")).statusCode).toBe(400);
  });

  it("is for admins only: owners 403 with one sentence, unapproved admins 403, no session 401", async () => {
    const owner = await buildUser(t, { role: "org_owner" });
    const denied = await get("/api/admin/outbox", owner.cookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(OUTBOX_DENIED_MESSAGE);
    const pending = await buildUser(t, { role: "admin", organizationId: null, status: "pending" });
    expect((await get("/api/admin/outbox", pending.cookie)).statusCode).toBe(403);
    expect((await t.request("GET", "/api/admin/outbox")).statusCode).toBe(401);
    for (const bad of ["0", "x", "100001"]) {
      expect((await get(`/api/admin/outbox?page=${bad}`)).statusCode).toBe(400);
    }
  });
});
