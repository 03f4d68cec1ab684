/** docs/RULES.md, Activity history: the seven action types of the activity log. */
export const ACTION_TYPES = [
  "authentication",
  "navigation",
  "donor_management",
  "campaign_management",
  "ai_interaction",
  "data_management",
  "system",
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
