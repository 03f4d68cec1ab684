import { AiProviderSelect } from "@/features/ai-settings/components/ai-provider-select";
import { useMe } from "@/features/auth/api/get-me";
import { can } from "@/lib/permissions";

/**
 * Slot for the global AI provider selector of the admin dashboard's AI Configuration block
 * (docs/RULES.md, Dashboards). The campaigns/AI feature provides the selector component
 * (values openai / gpt-5 / claude, admin-only changes, "Failed to update AI provider setting").
 */
export function AiProviderSettingSlot() {
  const { data: me } = useMe();
  return <AiProviderSelect canEdit={can(me, "changeAiProvider")} />;
}
