import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { emailOutbox, issues, organizations } from "../src/db/schema.ts";
import { buildUser, createTestApp, registerUser, type TestApp } from "./helpers.ts";

let t: TestApp;
let orgA: string;
let orgB: string;
beforeAll(async () => {
  t = await createTestApp();
  const [a] = await t.db.insert(organizations).values({ name: "Harbor Literacy" }).returning();
  const [b] = await t.db.insert(organizations).values({ name: "Mountain Rescue" }).returning();
  orgA = a!.id;
  orgB = b!.id;
});
afterAll(async () => {
  await t?.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  type: "bug",
  title: "Import fails",
  description: "The CSV upload stops at row 10.",
  ...over,
});

async function submit(cookie: string, over: Record<string, unknown> = {}) {
  const res = await t.request("POST", "/api/issues", { cookie, body: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
}

/** Issue emails leave off the request path: wait for the outbox row. */
async function waitForOutbox(kind: string, to: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.to, to)));
    if (rows.length) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${kind} email to ${to}`);
}

describe("submitting an issue (docs/RULES.md, Support issues)", () => {
  it("answers 401 'You must be logged in to submit an issue.' without a session", async () => {
    const res = await t.request("POST", "/api/issues", { body: body() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "unauthorized", message: "You must be logged in to submit an issue." });
  });

  it("refuses a user without an organisation: 'Unable to determine your organization. Please try again.'", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: null });
    const res = await t.request("POST", "/api/issues", { cookie: u.cookie, body: body() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Unable to determine your organization. Please try again.");
  });

  it("lets an admin without an organisation submit", async () => {
    const admin = await buildUser(t, { role: "admin", organizationId: null });
    const issue = await submit(admin.cookie);
    expect(issue).toMatchObject({ status: "pending", organizationId: null });
  });

  it.each([
    ["a blank title", { title: "   " }],
    ["a blank description", { description: "\n  " }],
    ["no title", { title: undefined }],
  ])("refuses %s with 'Please fill in all required fields.'", async (_l, over) => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const res = await t.request("POST", "/api/issues", { cookie: u.cookie, body: body(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please fill in all required fields.");
  });

  it("accepts only the three types", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    for (const type of ["bug", "data_error", "feature_request"]) await submit(u.cookie, { type });
    const res = await t.request("POST", "/api/issues", { cookie: u.cookie, body: body({ type: "question" }) });
    expect(res.statusCode).toBe(400);
  });

  it("starts pending, trims, records the submitter and organisation, and emails the submitter a confirmation", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const issue = await submit(u.cookie, { title: "  Donor totals wrong  ", type: "data_error" });
    expect(issue).toMatchObject({
      title: "Donor totals wrong",
      type: "data_error",
      status: "pending",
      resolvedAt: null,
      resolutionComment: null,
      submitterEmail: u.email,
      organizationId: orgA,
      organizationName: "Harbor Literacy",
      permissions: { canEdit: true, canDelete: true, canChangeStatus: false },
    });
    const [mail] = await waitForOutbox("issue_submitted", u.email);
    expect(mail!.text).toContain(issue.id);
    expect(mail!.text).toContain("Donor totals wrong");
    expect(mail!.text).toContain("The CSV upload stops at row 10.");
    expect(mail!.text).toContain("Data Error");
  });
});

describe("seeing issues", () => {
  it("users see their organisation's issues newest first with counts; admins see all", async () => {
    const a1 = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const b1 = await buildUser(t, { role: "org_officer", organizationId: orgB });
    const mine = await submit(a1.cookie, { title: "A newest" });
    const theirs = await submit(b1.cookie, { title: "B issue" });

    const listA = (await t.request("GET", "/api/issues", { cookie: a1.cookie })).json();
    const idsA = listA.issues.map((i: { id: string }) => i.id);
    expect(idsA).toContain(mine.id);
    expect(idsA).not.toContain(theirs.id);
    expect(listA.issues.every((i: { organizationId: string }) => i.organizationId === orgA)).toBe(true);
    expect(listA.issues[0].id).toBe(mine.id);
    expect(listA.counts.pending).toBe(listA.issues.filter((i: { status: string }) => i.status === "pending").length);

    const admin = await buildUser(t, { role: "admin", organizationId: null });
    const all = (await t.request("GET", "/api/issues", { cookie: admin.cookie })).json();
    const idsAll = all.issues.map((i: { id: string }) => i.id);
    expect(idsAll).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const onlyB = (await t.request("GET", `/api/issues?organizationId=${orgB}`, { cookie: admin.cookie })).json();
    expect(onlyB.issues.every((i: { organizationId: string }) => i.organizationId === orgB)).toBe(true);

    // A non-admin naming another organisation learns nothing.
    expect((await t.request("GET", `/api/issues?organizationId=${orgB}`, { cookie: a1.cookie })).statusCode).toBe(404);
  });

  it("answers a page of 50 at a time, of one status or all, with every status's count (issue 13)", async () => {
    const [org] = await t.db.insert(organizations).values({ name: "Paged Support Trust" }).returning();
    const owner = await buildUser(t, { role: "org_owner", organizationId: org!.id });
    const other = await buildUser(t, { role: "org_officer", organizationId: orgB });
    await submit(other.cookie, { title: "Elsewhere" });
    // 60 pending, 7 active and 3 resolved, submitted a minute apart (the newest last).
    const base = Date.parse("2026-05-01T00:00:00Z");
    const rows = Array.from({ length: 70 }, (_, i) => ({
      organizationId: org!.id,
      submittedByUserId: owner.userId,
      type: "bug" as const,
      title: `Paged ${String(i).padStart(2, "0")}`,
      description: "d",
      status: i < 60 ? ("pending" as const) : i < 67 ? ("active" as const) : ("resolved" as const),
      submittedAt: new Date(base + i * 60_000),
    }));
    await t.db.insert(issues).values(rows);
    type Page = {
      issues: { title: string; status: string }[];
      counts: Record<string, number>;
      total: number;
      page: number;
      pageSize: number;
    };
    const list = async (query: string) => {
      const res = await t.request("GET", `/api/issues${query}`, { cookie: owner.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    };
    const counts = { pending: 60, active: 7, resolved: 3 };

    const first = await list("?status=pending");
    expect(first).toMatchObject({ counts, total: 60, page: 1, pageSize: 50 });
    expect(first.issues.map((i) => i.title)).toEqual(
      rows
        .slice(10, 60)
        .reverse()
        .map((r) => r.title),
    );
    const second = await list("?status=pending&page=2");
    expect(second).toMatchObject({ counts, total: 60, page: 2 });
    expect(second.issues.map((i) => i.title)).toEqual(
      rows
        .slice(0, 10)
        .reverse()
        .map((r) => r.title),
    );
    const active = await list("?status=active");
    expect(active.total).toBe(7);
    expect(active.issues.every((i) => i.status === "active")).toBe(true);
    expect((await list("?status=resolved&page=3")).issues).toEqual([]);
    // No status: every status, newest first, still 50 at a time.
    const all = await list("");
    expect(all).toMatchObject({ counts, total: 70 });
    expect(all.issues.map((i) => i.title)).toEqual(
      rows
        .slice(20)
        .reverse()
        .map((r) => r.title),
    );

    for (const bad of ["?status=closed", "?page=0", "?page=x", "?page=100001"])
      expect((await t.request("GET", `/api/issues${bad}`, { cookie: owner.cookie })).statusCode, bad).toBe(400);
  });

  it("answers 401 without a session, 404 'Issue Not Found' for another organisation's issue or an unknown id", async () => {
    const a1 = await buildUser(t, { role: "org_owner", organizationId: orgA });
    const b1 = await buildUser(t, { role: "org_officer", organizationId: orgB });
    const theirs = await submit(b1.cookie);
    expect((await t.request("GET", "/api/issues")).statusCode).toBe(401);
    for (const method of ["GET", "PATCH", "DELETE"] as const) {
      const res = await t.request(method, `/api/issues/${theirs.id}`, {
        cookie: a1.cookie,
        ...(method === "PATCH" ? { body: { title: "x" } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe("Issue Not Found");
    }
    expect(
      (await t.request("GET", "/api/issues/00000000-0000-0000-0000-000000000000", { cookie: a1.cookie })).statusCode,
    ).toBe(404);
    expect((await t.request("GET", "/api/issues/not-a-uuid", { cookie: a1.cookie })).statusCode).toBe(404);
  });
});

describe("editing and deleting (docs/RULES.md, Support issues)", () => {
  it("the submitter edits and deletes their issue but may not change its status (403)", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const issue = await submit(u.cookie);
    const edit = await t.request("PATCH", `/api/issues/${issue.id}`, {
      cookie: u.cookie,
      body: { title: "Import fails at row 10", type: "data_error" },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ title: "Import fails at row 10", type: "data_error", status: "pending" });

    const status = await t.request("PATCH", `/api/issues/${issue.id}`, {
      cookie: u.cookie,
      body: { status: "resolved" },
    });
    expect(status.statusCode).toBe(403);
    const comment = await t.request("PATCH", `/api/issues/${issue.id}`, {
      cookie: u.cookie,
      body: { resolutionComment: "done" },
    });
    expect(comment.statusCode).toBe(403);
    const [row] = await t.db.select().from(issues).where(eq(issues.id, issue.id));
    expect(row!.status).toBe("pending");

    const blank = await t.request("PATCH", `/api/issues/${issue.id}`, { cookie: u.cookie, body: { title: "  " } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Please fill in all required fields.");

    const del = await t.request("DELETE", `/api/issues/${issue.id}`, { cookie: u.cookie });
    expect(del.statusCode).toBe(200);
    expect((await t.request("GET", `/api/issues/${issue.id}`, { cookie: u.cookie })).statusCode).toBe(404);
  });

  it("another plain user of the same organisation sees the issue but may not edit or delete it (403)", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const other = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const issue = await submit(u.cookie);
    const seen = await t.request("GET", `/api/issues/${issue.id}`, { cookie: other.cookie });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().permissions).toEqual({ canEdit: false, canDelete: false, canChangeStatus: false });
    expect(
      (await t.request("PATCH", `/api/issues/${issue.id}`, { cookie: other.cookie, body: { title: "mine now" } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request("DELETE", `/api/issues/${issue.id}`, { cookie: other.cookie })).statusCode).toBe(403);
  });

  it.each(["org_owner", "org_manager"] as const)(
    "an %s edits, changes status and deletes issues of their organisation",
    async (role) => {
      const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
      const staff = await buildUser(t, { role, organizationId: orgA });
      const issue = await submit(u.cookie);
      const got = (await t.request("GET", `/api/issues/${issue.id}`, { cookie: staff.cookie })).json();
      expect(got.permissions).toEqual({ canEdit: true, canDelete: true, canChangeStatus: true });
      const res = await t.request("PATCH", `/api/issues/${issue.id}`, {
        cookie: staff.cookie,
        body: { status: "active", description: "Confirmed" },
      });
      expect(res.json()).toMatchObject({ status: "active", description: "Confirmed" });
      expect((await t.request("DELETE", `/api/issues/${issue.id}`, { cookie: staff.cookie })).statusCode).toBe(200);
    },
  );
});

describe("status transitions (docs/RULES.md, Support issues)", () => {
  it("pending → active → resolved stamps resolved_at, stores the comment and emails the submitter; staying resolved updates the comment; leaving resolved clears both", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const admin = await buildUser(t, { role: "admin", organizationId: null });
    const issue = await submit(u.cookie, { title: "Broken export" });
    const patch = (b: Record<string, unknown>) =>
      t.request("PATCH", `/api/issues/${issue.id}`, { cookie: admin.cookie, body: b });

    const active = (await patch({ status: "active", resolutionComment: "ignored while active" })).json();
    expect(active).toMatchObject({ status: "active", resolvedAt: null, resolutionComment: null });

    const resolved = (await patch({ status: "resolved", resolutionComment: "Fixed in today's release." })).json();
    expect(resolved.status).toBe("resolved");
    expect(resolved.resolutionComment).toBe("Fixed in today's release.");
    expect(Date.now() - new Date(resolved.resolvedAt).getTime()).toBeLessThan(60_000);
    const [mail] = await waitForOutbox("issue_resolved", u.email);
    expect(mail!.text).toContain("Fixed in today's release.");
    expect(mail!.text).toContain(issue.id);
    expect(mail!.subject).toContain("Broken export");

    const again = (await patch({ status: "resolved", resolutionComment: "Fixed in release 2.1." })).json();
    expect(again.resolutionComment).toBe("Fixed in release 2.1.");
    expect(again.resolvedAt).toBe(resolved.resolvedAt);
    const commentOnly = (await patch({ resolutionComment: "Fixed in 2.1.1" })).json();
    expect(commentOnly).toMatchObject({
      status: "resolved",
      resolutionComment: "Fixed in 2.1.1",
      resolvedAt: resolved.resolvedAt,
    });
    // Staying resolved sends no second email.
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, "issue_resolved"), eq(emailOutbox.to, u.email))),
    ).toHaveLength(1);

    const reopened = (await patch({ status: "pending" })).json();
    expect(reopened).toMatchObject({ status: "pending", resolvedAt: null, resolutionComment: null });

    // pending → resolved directly also stamps and emails.
    const direct = (await patch({ status: "resolved", resolutionComment: "Second fix" })).json();
    expect(direct.resolvedAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, "issue_resolved"), eq(emailOutbox.to, u.email))),
    ).toHaveLength(2);
  });

  it("a plain user who sends the unchanged status is not refused", async () => {
    const u = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const issue = await submit(u.cookie);
    const res = await t.request("PATCH", `/api/issues/${issue.id}`, {
      cookie: u.cookie,
      body: { status: "pending", title: "Same status" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("a user with no role and no organisation sees only what they submitted (nothing)", async () => {
    const u = await registerUser(t);
    const res = await t.request("GET", "/api/issues", { cookie: u.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().issues).toEqual([]);
  });
});

describe("API documentation", () => {
  it("lists the support, action history and tracking routes in OpenAPI", async () => {
    const res = await t.request("GET", "/api/docs/json");
    const paths = Object.keys(res.json().paths);
    for (const p of [
      "/api/issues",
      "/api/issues/{id}",
      "/api/actions",
      "/api/actions/summary",
      "/api/actions/export",
      "/api/actions/filter-options",
      "/api/functions/trackAction",
      "/api/functions/updateAction",
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
