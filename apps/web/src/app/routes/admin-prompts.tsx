import { PROMPT_MESSAGES } from "@cultivate/shared";
import { RequireRole } from "@/features/auth/components/require-role";
import { PromptEditor } from "@/features/prompts/components/prompt-editor";

export function AdminPromptsRoute() {
  return (
    <RequireRole roles={["admin"]} deniedTitle="Access Denied" deniedMessage={PROMPT_MESSAGES.accessDenied}>
      <PromptEditor />
    </RequireRole>
  );
}
