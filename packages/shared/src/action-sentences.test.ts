import { describe, expect, it } from "vitest";
import { describeAction, formatSpan } from "./action-sentences.ts";

const action = (over: Partial<Parameters<typeof describeAction>[0]>) => ({
  actionName: "sign_in",
  resourceName: null,
  resourceId: null,
  details: {},
  durationMs: null,
  success: true,
  userName: "Maria Lopez",
  userEmail: "maria@example.org",
  ...over,
});

describe("formatSpan", () => {
  it("says a span as people do", () => {
    expect(formatSpan(400)).toBe("under a second");
    expect(formatSpan(45_000)).toBe("45 s");
    expect(formatSpan(72_000)).toBe("1 min 12 s");
    expect(formatSpan(300_000)).toBe("5 min");
    expect(formatSpan(7_500_000)).toBe("2 h 5 min");
  });
});

describe("describeAction (issue 14: readable sentences, raw names in the details)", () => {
  it("says what happened to a next step (issue 15)", () => {
    expect(describeAction(action({ actionName: "next_step_done", resourceName: "Call Ada" }))).toBe(
      'Maria Lopez marked the next step "Call Ada" done',
    );
    expect(describeAction(action({ actionName: "next_step_create", resourceName: null }))).toBe(
      "Maria Lopez added a next step",
    );
  });

  it("says which card moved where on which board (issue 15)", () => {
    expect(
      describeAction(
        action({
          actionName: "board_move",
          resourceName: "Ada Lovelace",
          details: { fromStage: "Discovery", toStage: "Connection", campaignName: "Spring Gala" },
        }),
      ),
    ).toBe("Maria Lopez moved Ada Lovelace to Connection on the Spring Gala board");
    // Refused before any donor was known (a missing note): filed under the campaign.
    expect(describeAction(action({ actionName: "board_move", resourceName: "Spring Gala", success: false }))).toBe(
      "Maria Lopez tried to move a card on the Spring Gala board (failed)",
    );
  });

  it("says what changed on the officer's day (issue 15)", () => {
    expect(describeAction(action({ actionName: "organization_settings_update", details: { noContactDays: 60 } }))).toBe(
      'Maria Lopez set "no contact after" to 60 days',
    );
    expect(describeAction(action({ actionName: "digest_subscribe" }))).toBe(
      "Maria Lopez turned on their weekly digest",
    );
    expect(describeAction(action({ actionName: "digest_unsubscribe" }))).toBe(
      "Maria Lopez turned off their weekly digest",
    );
  });

  it("names who did what to which record", () => {
    expect(describeAction(action({ actionName: "campaign_archive", resourceName: "Spring Gala" }))).toBe(
      "Maria Lopez archived Spring Gala",
    );
    expect(describeAction(action({ actionName: "page_view", resourceId: "/donors", durationMs: 72_000 }))).toBe(
      "Maria Lopez viewed Donors for 1 min 12 s",
    );
    expect(describeAction(action({ actionName: "add_to_group", resourceName: "Gala", details: { count: 1 } }))).toBe(
      "Maria Lopez added 1 donor to Gala",
    );
    expect(
      describeAction(
        action({ actionName: "user_role_assign", resourceName: "sam@example.org", details: { role: "org_manager" } }),
      ),
    ).toBe("Maria Lopez gave sam@example.org the Organization Manager role");
    expect(describeAction(action({ actionName: "ai_provider_change", details: { provider: "claude" } }))).toBe(
      "Maria Lopez set the AI provider to Claude 3.5 Sonnet",
    );
  });

  it("falls back to the email, says what failed or only began, and quotes a name it does not know", () => {
    expect(describeAction(action({ userName: null }))).toBe("maria@example.org signed in");
    expect(describeAction(action({ actionName: "campaign_create", resourceName: "Gala", success: false }))).toBe(
      "Maria Lopez tried to create Gala (failed)",
    );
    expect(
      describeAction(action({ actionName: "campaign_update", resourceName: "Gala", details: { phase: "start" } })),
    ).toBe("Maria Lopez started to update Gala");
    expect(describeAction(action({ actionName: "custom_thing" }))).toBe('Maria Lopez recorded "custom_thing"');
  });
});
