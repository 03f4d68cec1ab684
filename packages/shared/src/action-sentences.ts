import { aiProviderLabel } from "./ai.ts";
import type { UserAction } from "./action-history.ts";
import { pageName } from "./navigation.ts";
import { ROLE_LABELS, type RoleName } from "./roles.ts";

/**
 * Issue 14: the action history reads as sentences ("Maria archived Spring Gala", "Maria viewed Donors
 * for 1 min 12 s"); the raw names (`campaign_archive`, `page_view`) stay in the details
 * (docs/RULES.md, Activity history).
 */

/** A span of time as people say it: "45 s", "1 min 12 s", "2 h 5 min"; under a second: "under a second". */
export function formatSpan(ms: number): string {
  if (ms < 1000) return "under a second";
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return s % 60 ? `${min} min ${s % 60} s` : `${min} min`;
  const h = Math.floor(min / 60);
  return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
}

type Sentence = { did: string; doing: string };
const COUNT = new Intl.NumberFormat("en-US");
const PLURAL = new Intl.PluralRules("en-US");
const donors = (n: unknown) => {
  const count = typeof n === "number" ? n : Number(n);
  if (!Number.isFinite(count)) return "donors";
  return `${COUNT.format(count)} ${PLURAL.select(count) === "one" ? "donor" : "donors"}`;
};
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
const roleLabel = (v: unknown) => (typeof v === "string" ? (ROLE_LABELS[v as RoleName] ?? v) : "a");

/** The action's verb phrase in the past ("archived Spring Gala") and as what was tried ("archive Spring Gala"). */
function phrase(
  a: Pick<UserAction, "actionName" | "resourceName" | "resourceId" | "details" | "durationMs">,
): Sentence {
  const d = a.details ?? {};
  const name = a.resourceName;
  const step = name ? `the next step "${name}"` : "a next step";
  const say = (doing: string, did: string): Sentence => ({ doing, did });
  switch (a.actionName) {
    case "sign_in":
      return say("sign in", "signed in");
    case "sign_out":
      return say("sign out", "signed out");
    case "page_view": {
      const page = pageName(a.resourceId ?? "") ?? a.resourceId ?? "a page";
      const span = a.durationMs ? ` for ${formatSpan(a.durationMs)}` : "";
      return say(`view ${page}`, `viewed ${page}${span}`);
    }
    case "onboarding_submit": {
      const org = text(d.organizationName);
      return say(
        `send the onboarding form${org ? ` for ${org}` : ""}`,
        `sent the onboarding form${org ? ` for ${org}` : ""}`,
      );
    }
    case "csv_upload": {
      const rows = typeof d.rows === "number" ? ` (${COUNT.format(d.rows)} rows)` : "";
      return say(`import ${name ?? "a CSV file"}`, `imported ${name ?? "a CSV file"}${rows}`);
    }
    case "undo_csv_upload":
      return say(`undo the import of ${name ?? "a CSV file"}`, `undid the import of ${name ?? "a CSV file"}`);
    case "actions_export":
      return say("export the action history", "exported the action history");
    case "save_donor_notes":
      return say(`save notes on ${name ?? "a donor"}`, `saved notes on ${name ?? "a donor"}`);
    case "contact_report_create": {
      const type = text(d.type);
      const kind = !type || type === "other" ? "a contact" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
      return say(`log ${kind} with ${name ?? "a donor"}`, `logged ${kind} with ${name ?? "a donor"}`);
    }
    case "contact_report_update":
      return say(`edit a contact report on ${name ?? "a donor"}`, `edited a contact report on ${name ?? "a donor"}`);
    case "contact_report_delete":
      return say(`delete a contact report on ${name ?? "a donor"}`, `deleted a contact report on ${name ?? "a donor"}`);
    case "create_donor_group":
      return say(`create the group ${name ?? ""}`.trim(), `created the group ${name ?? ""}`.trim());
    case "delete_donor_group":
      return say(`delete the group ${name ?? ""}`.trim(), `deleted the group ${name ?? ""}`.trim());
    case "add_to_group":
      return say(`add ${donors(d.count)} to ${name ?? "a group"}`, `added ${donors(d.count)} to ${name ?? "a group"}`);
    case "remove_from_group":
      return say(
        `remove ${donors(d.count)} from ${name ?? "a group"}`,
        `removed ${donors(d.count)} from ${name ?? "a group"}`,
      );
    case "save_filter_group":
      return say(`save the filter group ${name ?? ""}`.trim(), `saved the filter group ${name ?? ""}`.trim());
    case "export_donors":
      return say("export donors", `exported ${donors(d.count)}`);
    case "campaign_create":
      return say(`create ${name ?? "a campaign"}`, `created ${name ?? "a campaign"}`);
    case "campaign_update":
      return say(`update ${name ?? "a campaign"}`, `updated ${name ?? "a campaign"}`);
    case "campaign_archive":
      return say(`archive ${name ?? "a campaign"}`, `archived ${name ?? "a campaign"}`);
    case "campaign_unarchive":
      return say(`unarchive ${name ?? "a campaign"}`, `unarchived ${name ?? "a campaign"}`);
    case "campaign_delete":
      return say(`delete ${name ?? "a campaign"}`, `deleted ${name ?? "a campaign"}`);
    case "ai_preview": {
      const what = `a ${text(d.stage) ?? "stage"} prompt for ${name ?? "a donor"}`;
      return say(`preview ${what}`, `previewed ${what}`);
    }
    case "ai_generate": {
      const what = `a ${text(d.stage) ?? "stage"} recommendation for ${name ?? "a donor"}`;
      return say(`generate ${what}`, `generated ${what}`);
    }
    case "ai_stages_reset":
      return say(`reset the stages of ${name ?? "a donor"}`, `reset the stages of ${name ?? "a donor"}`);
    case "ai_generate_function": {
      const what = `a ${text(d.stage) ?? "stage"} recommendation through the API`;
      return say(`generate ${what}`, `generated ${what}`);
    }
    case "next_step_create":
      return say(`add ${step}`, `added ${step}`);
    case "next_step_update":
      return say(`change ${step}`, `changed ${step}`);
    case "next_step_done":
      return say(`mark ${step} done`, `marked ${step} done`);
    case "next_step_reopen":
      return say(`reopen ${step}`, `reopened ${step}`);
    case "next_step_snooze":
      return say(`snooze ${step}`, `snoozed ${step}`);
    case "next_step_reassign":
      return say(`reassign ${step}`, `reassigned ${step}`);
    case "next_step_delete":
      return say(`delete ${step}`, `deleted ${step}`);
    case "board_move": {
      // Issue 15, Pipeline board: a card moved one column on, recording the stage it left.
      // A move refused by validation is filed under the campaign (resourceType "campaign"), before any donor is known.
      const to = text(d.toStage);
      if (!to || !text(d.fromStage)) {
        const board = name ? `the ${name} board` : "a campaign board";
        return say(`move a card on ${board}`, `moved a card on ${board}`);
      }
      const campaign = text(d.campaignName);
      const where = campaign ? ` on the ${campaign} board` : " on a campaign board";
      return say(`move ${name ?? "a donor"} to ${to}${where}`, `moved ${name ?? "a donor"} to ${to}${where}`);
    }
    case "calendar_feed_create":
      return say("make a calendar link for their next steps", "made a calendar link for their next steps");
    case "calendar_feed_reset":
      return say("replace their calendar link", "replaced their calendar link");
    case "calendar_feed_remove":
      return say("turn off their calendar link", "turned off their calendar link");
    case "organization_settings_update": {
      const n = typeof d.noContactDays === "number" ? ` to ${d.noContactDays} days` : "";
      return say(`set "no contact after"${n}`, `set "no contact after"${n}`);
    }
    case "digest_subscribe":
      return say("turn on their weekly digest", "turned on their weekly digest");
    case "digest_unsubscribe":
      return say("turn off their weekly digest", "turned off their weekly digest");
    case "issue_submit":
      return say(`submit the issue ${name ?? ""}`.trim(), `submitted the issue ${name ?? ""}`.trim());
    case "issue_update":
      return say(`update the issue ${name ?? ""}`.trim(), `updated the issue ${name ?? ""}`.trim());
    case "issue_delete":
      return say(`delete the issue ${name ?? ""}`.trim(), `deleted the issue ${name ?? ""}`.trim());
    case "ai_provider_change": {
      const to = typeof d.provider === "string" ? ` to ${aiProviderLabel(d.provider)}` : "";
      return say(`change the AI provider${to}`, `set the AI provider${to}`);
    }
    case "user_create":
      return say(`create the user ${name ?? ""}`.trim(), `created the user ${name ?? ""}`.trim());
    case "user_approve":
      return say(`approve ${name ?? "a user"}`, `approved ${name ?? "a user"}`);
    case "user_decline":
      return say(`decline ${name ?? "a user"}`, `declined ${name ?? "a user"}`);
    case "user_role_assign":
      return say(
        `give ${name ?? "a user"} the ${roleLabel(d.role)} role`,
        `gave ${name ?? "a user"} the ${roleLabel(d.role)} role`,
      );
    case "user_role_remove":
      return say(
        `remove the ${roleLabel(d.role)} role from ${name ?? "a user"}`,
        `removed the ${roleLabel(d.role)} role from ${name ?? "a user"}`,
      );
    case "user_organization_change":
      return say(
        `move ${name ?? "a user"} to another organization`,
        `moved ${name ?? "a user"} to another organization`,
      );
    case "organization_create":
      return say(`create the organization ${name ?? ""}`.trim(), `created the organization ${name ?? ""}`.trim());
    case "organization_update":
      return say(`rename the organization ${name ?? ""}`.trim(), `renamed the organization to ${name ?? "a new name"}`);
    case "organization_delete":
      return say(`delete the organization ${name ?? ""}`.trim(), `deleted the organization ${name ?? ""}`.trim());
    default: {
      // A name the browser's own tracking chose: quoted as it was recorded.
      return say(`record "${a.actionName}"`, `recorded "${a.actionName}"${name ? ` on ${name}` : ""}`);
    }
  }
}

/** The whole sentence: who, then what they did, tried (a failure) or began (the start of a tracked operation). */
export function describeAction(
  a: Pick<
    UserAction,
    "actionName" | "resourceName" | "resourceId" | "details" | "durationMs" | "success" | "userName" | "userEmail"
  >,
): string {
  const who = a.userName || a.userEmail || "Someone";
  const p = phrase(a);
  if (!a.success) return `${who} tried to ${p.doing} (failed)`;
  if (a.details?.phase === "start") return `${who} started to ${p.doing}`;
  return `${who} ${p.did}`;
}
