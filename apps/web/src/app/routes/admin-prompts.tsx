import { ComingSoon } from "@/components/ui/coming-soon";
import { RequireAuth } from "@/features/auth/components/require-auth";

export function AdminPromptsRoute() {
  return (
    <RequireAuth>
      <ComingSoon title="Edit Prompts" />
    </RequireAuth>
  );
}
