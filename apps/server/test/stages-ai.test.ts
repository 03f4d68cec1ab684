import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { appSettings, stages, userActions } from "../src/db/schema.ts";
import type { AiConfig } from "../src/config.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { startFakeAiServer, type FakeAiServer } from "./fake-ai-servers.ts";

let openai: FakeAiServer;
let anthropic: FakeAiServer;
let t: TestApp;
let org: { id: string };
let officer: Awaited<ReturnType<typeof buildUser>>;
let admin: Awaited<ReturnType<typeof buildUser>>;
let campaignId: string;

const aiConfig = (over: Partial<AiConfig> = {}): AiConfig => ({
  openaiApiKey: "sk-test-openai",
  openaiBaseUrl: openai.baseUrl,
  openaiModel: "gpt-4o-test",
  gpt5Model: "gpt-5-test",
  anthropicApiKey: "sk-ant-test",
  anthropicBaseUrl: anthropic.baseUrl,
  anthropicModel: "claude-test",
  timeoutMs: 1500,
  maxRetries: 1,
  ...over,
});

beforeAll(async () => {
  openai = await startFakeAiServer("openai");
  anthropic = await startFakeAiServer("anthropic");
  t = await createTestApp({ ai: aiConfig() });
  org = await buildOrg(t);
  officer = await buildUser(t, { role: "org_officer", organizationId: org.id });
  admin = await buildUser(t, { role: "admin", organizationId: null });
  campaignId = (
    await t.request("POST", "/api/campaigns", {
      cookie: officer.cookie,
      body: { name: "Annual Gala", goal: "$500,000", startDate: "2026-01-01", endDate: "2026-12-31" },
    })
  ).json().id;
});
afterAll(async () => {
  await t?.close();
  await openai?.close();
  await anthropic?.close();
});
beforeEach(() => {
  openai.set({ kind: "stream", chunks: ["Hello ", "from ", "the fake model."] });
  anthropic.set({ kind: "stream", chunks: ["Claude ", "says ", "hi."] });
});

const setProvider = (provider: string) =>
  t.request("PUT", "/api/settings/ai-provider", { cookie: admin.cookie, body: { provider } });

/** Reads the NDJSON stream answered by /stages/generate. */
const events = (body: string) =>
  body
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; text?: string; message?: string; record?: Record<string, unknown> });

describe("AI provider setting", () => {
  it("defaults to openai with 'not configured' until an admin sets it; only admins may change it", async () => {
    const fresh = await t.request("GET", "/api/settings/ai-provider", { cookie: officer.cookie });
    expect(fresh.json()).toMatchObject({ provider: "openai", configured: false });

    const denied = await t.request("PUT", "/api/settings/ai-provider", {
      cookie: officer.cookie,
      body: { provider: "claude" },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("Only administrators can change the AI provider");

    expect((await setProvider("claude")).json()).toMatchObject({ provider: "claude", configured: true });
    expect((await t.request("GET", "/api/settings/ai-provider", { cookie: officer.cookie })).json().provider).toBe(
      "claude",
    );
    expect((await setProvider("not-a-provider")).statusCode).toBe(400);
    const [row] = await t.db.select().from(appSettings);
    expect(row!.id).toBe(1);
  });

  it("a server without keys uses the offline planner by default", async () => {
    const bare = await createTestApp({ ai: aiConfig({ openaiApiKey: undefined, anthropicApiKey: undefined }) });
    try {
      const user = await buildUser(bare, { role: "org_owner", organizationId: (await buildOrg(bare)).id });
      const res = (await bare.request("GET", "/api/settings/ai-provider", { cookie: user.cookie })).json();
      expect(res.provider).toBe("offline");
      expect(res.available.find((p: { value: string }) => p.value === "openai").ready).toBe(false);
    } finally {
      await bare.close();
    }
  });
});

describe("stage recommendations", () => {
  it("Discovery needs a campaign; other stages need preparation notes (server-enforced)", async () => {
    const donor = await buildDonor(t, org.id, { firstName: "Ann", lastName: "Rules" });
    const noCampaign = await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
      cookie: officer.cookie,
      body: { stage: "Discovery" },
    });
    expect(noCampaign.statusCode).toBe(400);
    expect(noCampaign.json().message).toBe(
      "Please select a campaign above to create a Discovery stage recommendation.",
    );
    const noNotes = await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
      cookie: officer.cookie,
      body: { stage: "Connection", prepNotes: "   ", prompt: "x" },
    });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().message).toBe("Please enter preparation notes for this stage.");
    const badStage = await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
      cookie: officer.cookie,
      body: { stage: "Party", campaignId },
    });
    expect(badStage.statusCode).toBe(400);
  });

  it("the preview carries the stage prompt, donor data, the campaign's goal and the defaults for notes and history", async () => {
    const donor = await buildDonor(t, org.id, {
      firstName: "Pat",
      lastName: "Preview",
      estimatedCapacity: 1000000,
      dsRating: "DS1-1",
      email: "pat@private.example",
    });
    const res = await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
      cookie: officer.cookie,
      body: { stage: "Discovery", campaignId },
    });
    expect(res.statusCode).toBe(200);
    const { prompt, promptVersion } = res.json();
    expect(prompt).toContain("You are preparing the Discovery stage");
    // Issue 14: the chosen campaign's own goal, not "N/A"; no donor goal was set, so no line for it.
    expect(prompt).toContain("Campaign goal: $500,000");
    expect(prompt).not.toContain("Goal for this donor");
    expect(prompt).toContain("Preparation notes: None provided");
    expect(prompt).toMatch(/Previous stage summaries:\nNone/);
    expect(prompt).toContain("$1,000,000");
    expect(prompt).toContain("DS1-1");
    expect(prompt).not.toContain("pat@private.example");
    expect(promptVersion).toBe(1);
  });

  it("streams the OpenAI answer, saves the record with provider, model, prompt and user, and the next stage sees it", async () => {
    await setProvider("openai");
    const donor = await buildDonor(t, org.id, { firstName: "Olive", lastName: "Openai" });
    await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${campaignId}`, {
      cookie: officer.cookie,
      body: { goalText: "$25,000 table sponsor" },
    });
    const preview = (
      await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
        cookie: officer.cookie,
        body: { stage: "Discovery", campaignId },
      })
    ).json();
    // Issue 14: the campaign's goal and the donor's own goal for it.
    expect(preview.prompt).toContain("Campaign goal: $500,000\nGoal for this donor: $25,000 table sponsor");
    const edited = `${preview.prompt}\n\nKeep it short.`;
    const res = await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
      cookie: officer.cookie,
      body: { stage: "Discovery", campaignId, prompt: edited },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/x-ndjson");
    const ev = events(res.body);
    expect(ev[0]).toMatchObject({ type: "start", provider: "openai", model: "gpt-4o-test" });
    expect(
      ev
        .filter((e) => e.type === "token")
        .map((e) => e.text)
        .join(""),
    ).toBe("Hello from the fake model.");
    expect(ev.at(-1)).toMatchObject({
      type: "done",
      record: {
        stageName: "Discovery",
        aiOutput: "Hello from the fake model.",
        provider: "openai",
        model: "gpt-4o-test",
        promptVersion: 1,
        userEmail: officer.email,
      },
    });

    const sent = openai.requests.at(-1)!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe("Bearer sk-test-openai");
    expect(sent.body).toMatchObject({ model: "gpt-4o-test", stream: true });
    expect(JSON.stringify(sent.body.messages)).toContain("Keep it short.");
    // What the provider received names both goals (issue 14).
    const sentText = (sent.body.messages as { content: string }[]).map((m) => m.content).join("\n");
    expect(sentText).toContain("Campaign goal: $500,000");
    expect(sentText).toContain("Goal for this donor: $25,000 table sponsor");

    const [saved] = await t.db.select().from(stages).where(eq(stages.donorId, donor.id));
    expect(saved).toMatchObject({ promptResponse: edited, campaignId, userId: officer.userId });

    const next = (
      await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
        cookie: officer.cookie,
        body: { stage: "Connection", prepNotes: "Met at the gala" },
      })
    ).json();
    expect(next.prompt).toContain("Stage 1 (Discovery): Hello from the fake model.");
    expect(next.prompt).toContain("Preparation notes: Met at the gala");
    const ws = (await t.request("GET", `/api/donors/${donor.id}/stage-workspace`, { cookie: officer.cookie })).json();
    expect(ws).toMatchObject({
      defaultStage: "Connection",
      currentStage: "Connection",
      goals: [{ campaignId, goalText: "$25,000 table sponsor" }],
    });
    expect(ws.campaigns.map((c: { id: string }) => c.id)).toContain(campaignId);

    await t.app.activity.flush();
    const logged = await t.db.select().from(userActions).where(eq(userActions.actionName, "ai_generate"));
    expect(logged.some((a) => a.success && (a.details as { provider?: string }).provider === "openai")).toBe(true);
  });

  it("sends gpt-5 through the OpenAI API with its own model and Claude through the Anthropic API", async () => {
    const donor = await buildDonor(t, org.id, { firstName: "Gail", lastName: "Five" });
    await setProvider("gpt-5");
    const five = events(
      (
        await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
          cookie: officer.cookie,
          body: { stage: "Discovery", campaignId, prompt: "p" },
        })
      ).body,
    );
    expect(five.at(-1)).toMatchObject({ type: "done", record: { model: "gpt-5-test", provider: "gpt-5" } });
    expect(openai.requests.at(-1)!.body.model).toBe("gpt-5-test");

    await setProvider("claude");
    const claude = events(
      (
        await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
          cookie: officer.cookie,
          body: { stage: "Discovery", campaignId, prompt: "p2" },
        })
      ).body,
    );
    expect(
      claude
        .filter((e) => e.type === "token")
        .map((e) => e.text)
        .join(""),
    ).toBe("Claude says hi.");
    const sent = anthropic.requests.at(-1)!;
    expect(sent.path).toBe("/v1/messages");
    expect(`${sent.headers["x-api-key"] ?? ""} ${sent.headers.authorization ?? ""}`).toContain("sk-ant-test");
    expect(sent.body).toMatchObject({
      model: "claude-test",
      stream: true,
      messages: [{ role: "user", content: "p2" }],
    });
  });

  it("retries a 429 and then succeeds; gives up on persistent 500s and saves nothing", async () => {
    await setProvider("openai");
    const donor = await buildDonor(t, org.id, { firstName: "Rita", lastName: "Retry" });
    openai.set({ kind: "status", status: 429, times: 1 });
    const before = openai.requests.length;
    const ok = events(
      (
        await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
          cookie: officer.cookie,
          body: { stage: "Discovery", campaignId, prompt: "p" },
        })
      ).body,
    );
    expect(ok.at(-1)).toMatchObject({ type: "done", record: { aiOutput: "Recovered answer." } });
    expect(openai.requests.length - before).toBe(2);

    openai.set({ kind: "status", status: 500 });
    const failed = events(
      (
        await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
          cookie: officer.cookie,
          body: { stage: "Connection", prepNotes: "n", prompt: "p" },
        })
      ).body,
    );
    expect(failed.at(-1)).toMatchObject({ type: "error", message: "OpenAI GPT-4 answered with an error (HTTP 500)." });
    expect((await t.db.select().from(stages).where(eq(stages.donorId, donor.id))).map((s) => s.stageName)).toEqual([
      "Discovery",
    ]);
  });

  it("times out a provider that never answers, and refuses a malformed stream, saving nothing", async () => {
    await setProvider("openai");
    const donor = await buildDonor(t, org.id, { firstName: "Tim", lastName: "Out" });
    openai.set({ kind: "hang" });
    const hung = events(
      (
        await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
          cookie: officer.cookie,
          body: { stage: "Discovery", campaignId, prompt: "p" },
        })
      ).body,
    );
    expect(hung.at(-1)).toMatchObject({ type: "error", message: "OpenAI GPT-4 did not answer in time." });

    openai.set({ kind: "malformed" });
    const broken = events(
      (
        await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
          cookie: officer.cookie,
          body: { stage: "Discovery", campaignId, prompt: "p" },
        })
      ).body,
    );
    expect(broken.at(-1)!.type).toBe("error");
    expect(await t.db.select().from(stages).where(eq(stages.donorId, donor.id))).toHaveLength(0);
  });

  it("says clearly when the chosen provider has no key", async () => {
    const bare = await createTestApp({ ai: aiConfig({ anthropicApiKey: undefined }) });
    try {
      const o = await buildOrg(bare);
      const a = await buildUser(bare, { role: "admin", organizationId: o.id });
      await bare.request("PUT", "/api/settings/ai-provider", { cookie: a.cookie, body: { provider: "claude" } });
      const d = await buildDonor(bare, o.id, { firstName: "No", lastName: "Key" });
      const ev = events(
        (
          await bare.request("POST", `/api/donors/${d.id}/stages/generate`, {
            cookie: a.cookie,
            body: { stage: "Connection", prepNotes: "n", prompt: "p" },
          })
        ).body,
      );
      expect(ev.at(-1)).toMatchObject({
        type: "error",
        message: "Claude 3.5 Sonnet is not configured on this server (ANTHROPIC_API_KEY is not set).",
      });
    } finally {
      await bare.close();
    }
  });

  it("the offline planner writes an honest plan from the donor's data and labels itself", async () => {
    await setProvider("offline");
    const donor = await buildDonor(t, org.id, {
      firstName: "Fran",
      lastName: "Offline",
      estimatedCapacity: 500000,
      largestGiftAmount: 10000,
      numberOfGifts: 3,
      dsRating: "DS1-2",
    });
    const ev = events(
      (
        await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
          cookie: officer.cookie,
          body: { stage: "Discovery", campaignId, prompt: "p" },
        })
      ).body,
    );
    const done = ev.at(-1)!;
    expect(done.type).toBe("done");
    const text = String(done.record!.aiOutput);
    expect(text).toMatch(/^Offline plan: written by Cultivate's built-in planner/);
    expect(text).toContain("Discovery plan for Fran Offline");
    expect(text).toContain("$500,000");
    expect(text).toContain("DS1-2");
    expect(text).toContain("Annual Gala");
    expect(done.record).toMatchObject({ provider: "offline", model: "cultivate-offline-planner-1" });
  });

  it("Reset All Stages deletes the donor's records; another organisation's donor is 404 everywhere", async () => {
    await setProvider("offline");
    const donor = await buildDonor(t, org.id, { firstName: "Rhea", lastName: "Reset" });
    await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
      cookie: officer.cookie,
      body: { stage: "Discovery", campaignId, prompt: "p" },
    });
    const reset = await t.request("DELETE", `/api/donors/${donor.id}/stages`, { cookie: officer.cookie });
    expect(reset.json()).toEqual({ deleted: 1 });
    expect(
      (await t.request("GET", `/api/donors/${donor.id}/stage-workspace`, { cookie: officer.cookie })).json()
        .defaultStage,
    ).toBe("Discovery");

    const other = await buildOrg(t);
    const stranger = await buildUser(t, { role: "org_owner", organizationId: other.id });
    for (const [method, url, body] of [
      ["GET", `/api/donors/${donor.id}/stage-workspace`, undefined],
      ["POST", `/api/donors/${donor.id}/stages/preview`, { stage: "Discovery", campaignId }],
      ["POST", `/api/donors/${donor.id}/stages/generate`, { stage: "Discovery", campaignId, prompt: "p" }],
      ["DELETE", `/api/donors/${donor.id}/stages`, undefined],
      ["PUT", `/api/donors/${donor.id}/campaign-goals/${campaignId}`, { goalText: "x" }],
    ] as const) {
      const res = await t.request(method, url, { cookie: stranger.cookie, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Their own donor with our campaign: the campaign is not theirs.
    const theirDonor = await buildDonor(t, other.id, { firstName: "X", lastName: "Y" });
    expect(
      (
        await t.request("POST", `/api/donors/${theirDonor.id}/stages/preview`, {
          cookie: stranger.cookie,
          body: { stage: "Discovery", campaignId },
        })
      ).statusCode,
    ).toBe(404);
    const plain = await buildUser(t, { organizationId: org.id });
    expect(
      (await t.request("GET", `/api/donors/${donor.id}/stage-workspace`, { cookie: plain.cookie })).statusCode,
    ).toBe(403);
  });

  it("POST /api/functions/generatePrompt keeps the spec's contract", async () => {
    await setProvider("openai");
    const donor = await buildDonor(t, org.id, { firstName: "Fay", lastName: "Function" });
    const res = await t.request("POST", "/api/functions/generatePrompt", {
      cookie: officer.cookie,
      body: {
        donor: { id: donor.id, "First Name": "Fay" },
        stage: "Discovery",
        stagePrompt: "Plan it.",
        aiProvider: "claude",
      },
    });
    expect(res.statusCode).toBe(200);
    // An officer's aiProvider is ignored: the admin's global choice (openai) answers (issue 11 item 8).
    expect(res.json()).toEqual({ aiOutput: "Hello from the fake model." });
    const sent = String(
      (openai.requests.at(-1)!.body.messages as { content: string }[]).map((m) => m.content).join("\n"),
    );
    expect(sent).toContain("Plan it.");
    expect(sent).toContain("Campaign goal: N/A");
    expect(sent).toContain("Preparation notes: None provided");

    openai.set({ kind: "status", status: 500 });
    const failed = await t.request("POST", "/api/functions/generatePrompt", {
      cookie: officer.cookie,
      body: { donor: { "First Name": "Anon" }, stage: "Discovery" },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe("OpenAI GPT-4 answered with an error (HTTP 500).");

    const other = await buildUser(t, { role: "org_owner", organizationId: (await buildOrg(t)).id });
    expect(
      (
        await t.request("POST", "/api/functions/generatePrompt", {
          cookie: other.cookie,
          body: { donor: { id: donor.id }, stage: "Discovery" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request("POST", "/api/functions/generatePrompt", { body: { donor: {}, stage: "Discovery" } }))
        .statusCode,
    ).toBe(401);
  });
});

describe("who picks the AI provider", () => {
  it("generatePrompt uses the global provider for every donor role, whatever aiProvider they send; an admin's aiProvider is honoured", async () => {
    await setProvider("openai");
    const donor = await buildDonor(t, org.id, { firstName: "Gil", lastName: "Global" });
    const owner = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const manager = await buildUser(t, { role: "org_manager", organizationId: org.id });
    for (const user of [officer, owner, manager]) {
      for (const aiProvider of ["claude", "gpt-5", "offline"]) {
        const before = { openai: openai.requests.length, anthropic: anthropic.requests.length };
        const res = await t.request("POST", "/api/functions/generatePrompt", {
          cookie: user.cookie,
          body: { donor: { id: donor.id }, stage: "Discovery", aiProvider },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ aiOutput: "Hello from the fake model." });
        expect(anthropic.requests.length).toBe(before.anthropic);
        expect(openai.requests.length).toBe(before.openai + 1);
        expect(openai.requests.at(-1)!.body.model).toBe("gpt-4o-test");
      }
    }
    await t.app.activity.flush();
    const rows = await t.db.select().from(userActions).where(eq(userActions.actionName, "ai_generate_function"));
    expect(
      rows
        .filter((r) => r.userId === officer.userId)
        .every((r) => (r.details as { provider?: string }).provider === "openai"),
    ).toBe(true);

    // The global setting is Claude now: an officer asking for openai still gets Claude.
    await setProvider("claude");
    const viaGlobal = await t.request("POST", "/api/functions/generatePrompt", {
      cookie: officer.cookie,
      body: { donor: { id: donor.id }, stage: "Discovery", aiProvider: "openai" },
    });
    expect(viaGlobal.json()).toEqual({ aiOutput: "Claude says hi." });

    // An admin may name a provider for one call.
    await setProvider("openai");
    const adminAsks = await t.request("POST", "/api/functions/generatePrompt", {
      cookie: admin.cookie,
      body: { donor: { id: donor.id }, stage: "Discovery", aiProvider: "claude" },
    });
    expect(adminAsks.statusCode).toBe(200);
    expect(adminAsks.json()).toEqual({ aiOutput: "Claude says hi." });
    expect((await t.request("GET", "/api/settings/ai-provider", { cookie: officer.cookie })).json().provider).toBe(
      "openai",
    );
  });
});

describe("prompt editor", () => {
  it("ships default prompts, saves versions, restores the previous one, and is admin-only", async () => {
    const list = (await t.request("GET", "/api/prompts", { cookie: admin.cookie })).json();
    expect(list.prompts).toHaveLength(5);
    expect(list.prompts[0]).toMatchObject({ stageName: "Discovery", version: 1, lastSavedAt: null, versionCount: 1 });

    const denied = await t.request("GET", "/api/prompts", { cookie: officer.cookie });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You don't have permission to edit prompts.");
    expect(
      (await t.request("PUT", "/api/prompts/Deepening", { cookie: officer.cookie, body: { promptText: "x" } }))
        .statusCode,
    ).toBe(403);

    const noEarlier = await t.request("POST", "/api/prompts/Deepening/restore", { cookie: admin.cookie });
    expect(noEarlier.statusCode).toBe(400);
    expect(noEarlier.json().message).toBe("No earlier version available to restore for Deepening.");

    const original = list.prompts.find((p: { stageName: string }) => p.stageName === "Deepening").promptText;
    const saved = (
      await t.request("PUT", "/api/prompts/Deepening", {
        cookie: admin.cookie,
        body: { promptText: "A sharper Deepening prompt." },
      })
    ).json();
    expect(saved).toMatchObject({ promptText: "A sharper Deepening prompt.", version: 2, versionCount: 2 });
    expect(saved.lastSavedAt).not.toBeNull();

    const restored = (await t.request("POST", "/api/prompts/Deepening/restore", { cookie: admin.cookie })).json();
    expect(restored).toMatchObject({ promptText: original, version: 3, versionCount: 3 });
    const versions = (await t.request("GET", "/api/prompts/Deepening/versions", { cookie: admin.cookie })).json()
      .versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(
      (await t.request("PUT", "/api/prompts/Nope", { cookie: admin.cookie, body: { promptText: "x" } })).statusCode,
    ).toBe(400);
  });
});
