import { aiProviderName, clipText, formatDate, formatMoney, plural } from "@cultivate/shared";
import type { AiProvider, GenerateRequest, GenerateResult, StageContext } from "./types.ts";

export const OFFLINE_MODEL = "cultivate-offline-planner-1";
export const OFFLINE_BANNER =
  "Offline plan: written by Cultivate's built-in planner from this donor's record, without an AI model. Configure an AI provider for a tailored recommendation.";

const STEPS: Record<string, string[]> = {
  Discovery: [
    "Confirm the basics: verify contact details, household and employer before any outreach.",
    "Review the giving history above and note which causes and gift sizes this donor has chosen before.",
    "Identify a warm path in: a board member, volunteer or staff member who knows the donor.",
    "Set a first, low-key touch (a thank-you call or an invitation to a small event) within two weeks.",
  ],
  Connection: [
    "Hold a first personal conversation: ask what draws them to the mission rather than presenting.",
    "Share one concrete story of impact tied to their past giving.",
    "Record what you learn (interests, family, timing) in the donor notes right after the conversation.",
    "Agree a natural next step, such as a site visit or a meeting with program staff.",
  ],
  Deepening: [
    "Invite the donor behind the scenes: a site visit, a meeting with beneficiaries or leadership.",
    "Ask for their advice on a real program question; involvement builds ownership.",
    "Test interest in the campaign priorities and listen for the project that excites them.",
    "Agree internally on the ask amount, the asker and the timing.",
  ],
  Solicitation: [
    "Ask in person, with the right asker, for a specific amount and a specific purpose.",
    "Present the ask as an invitation to a shared goal, then stop talking and listen.",
    "Offer flexible terms (multi-year pledge, stock, DAF) and name the recognition opportunities.",
    "Send a written proposal within 48 hours that restates what was discussed.",
  ],
  "Follow-Up": [
    "Thank within 48 hours, personally, and again from leadership.",
    "Confirm pledge terms in writing and set up payment reminders if needed.",
    "Report impact at agreed intervals with specific outcomes of their gift.",
    "Plan the next cultivation cycle: stewardship events, renewal timing, legacy conversation.",
  ],
};

function capacityNote(ctx: StageContext): string {
  const { capacity, largestGift, totalGiven } = ctx.donor;
  if (!capacity)
    return "No estimated capacity is on file: confirm capacity through research before setting an ask amount.";
  const parts = [`Estimated capacity is ${formatMoney(capacity)}.`];
  if (largestGift) parts.push(`The largest gift found is ${formatMoney(largestGift)}.`);
  if (totalGiven) parts.push(`Recorded giving totals ${formatMoney(totalGiven)}.`);
  const ratio = largestGift ? capacity / largestGift : null;
  if (ratio && ratio >= 10)
    parts.push("Capacity is well above past gifts: there is room to grow the relationship and the gift size.");
  else if (ratio && ratio < 2)
    parts.push("Past gifts are already close to estimated capacity: focus on stewardship and timing.");
  return parts.join(" ");
}

function write(ctx: StageContext): string {
  const lines: string[] = [OFFLINE_BANNER, "", `${ctx.stage} plan for ${ctx.donor.name}`];
  if (ctx.campaignName || ctx.campaignGoal) {
    lines.push("", `Campaign: ${[ctx.campaignName, ctx.campaignGoal].filter(Boolean).join(" — ")}`);
  }
  if (ctx.donorGoal) lines.push(`Goal for this donor: ${ctx.donorGoal}`);
  lines.push("", "What the record says:", `- ${capacityNote(ctx)}`);
  if (ctx.donor.rating) lines.push(`- DS Rating: ${ctx.donor.rating}.`);
  if (ctx.donor.giftCount) {
    lines.push(
      `- ${plural(ctx.donor.giftCount, "gift")} on record${ctx.donor.lastGiftDate ? `, the last on ${ctx.donor.lastGiftDate}` : ""}${
        ctx.donor.lastGiftAmount ? ` (${formatMoney(ctx.donor.lastGiftAmount)})` : ""
      }.`,
    );
  } else {
    lines.push("- No gifts are recorded: treat this as a new relationship.");
  }
  if (ctx.prepNotes?.trim()) lines.push(`- Your preparation notes: ${ctx.prepNotes.trim()}`);
  // Issue 15: the plan starts from what last happened with the donor.
  const [last, ...earlier] = ctx.recentInteractions ?? [];
  if (last) {
    lines.push(
      `- Last contact: ${last.type.toLowerCase()} on ${formatDate(last.date)}${last.summary ? ` — ${last.summary.slice(0, 200)}` : ""}. Build on it rather than starting cold.`,
    );
    if (earlier.length)
      lines.push(
        `- Earlier contacts: ${earlier.map((r) => `${r.type.toLowerCase()} (${formatDate(r.date)})`).join(", ")}.`,
      );
  } else {
    lines.push("- No contact is logged yet: log each call or meeting so the next plan can build on it.");
  }
  if (ctx.previousStages.length) {
    lines.push("", "Earlier stages:");
    for (const s of ctx.previousStages)
      lines.push(`- ${s.stageName} (${s.createdAt.slice(0, 10)}): ${clipText(s.aiOutput.replace(/\s+/g, " "), 160)}`);
  }
  lines.push("", "Next steps:");
  (STEPS[ctx.stage] ?? STEPS.Discovery!).forEach((step, i) => lines.push(`${i + 1}. ${step}`));
  return lines.join("\n");
}

/** Needs no key and no network: an honest, rule-based plan from the donor's data. */
export class OfflineProvider implements AiProvider {
  readonly id = "offline" as const;
  readonly label = aiProviderName("offline");
  readonly model = OFFLINE_MODEL;
  readonly ready = true;

  async generate({ prompt, context, onToken }: GenerateRequest): Promise<GenerateResult> {
    const text = context
      ? write(context)
      : `${OFFLINE_BANNER}\n\nThe offline planner needs a donor record to write a plan. Prompt received (${prompt.length} characters).`;
    // Streamed in line-sized pieces so the page behaves as with a real model.
    for (const piece of text.split(/(?<=\n)/)) onToken?.(piece);
    return { text, model: this.model };
  }
}
