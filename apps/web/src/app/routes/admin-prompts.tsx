import { PROMPT_MESSAGES } from "@cultivate/shared";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { PromptEditor } from "@/features/prompts/components/prompt-editor";
import { usePageTitle } from "@/lib/page-title";

export function AdminPromptsRoute() {
  usePageTitle("Edit Prompts");
  return (
    <RequirePermission
      permission="editPrompts"
      deniedTitle="Access Denied"
      deniedMessage={PROMPT_MESSAGES.accessDenied}
    >
      <PromptEditor />
    </RequirePermission>
  );
}
