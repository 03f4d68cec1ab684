import { RequirePermission } from "@/features/auth/components/require-permission";
import { useMe } from "@/features/auth/api/get-me";
import { AdminDashboard } from "@/features/admin/components/admin-dashboard";
import { AiProviderSelect } from "@/features/ai-settings/components/ai-provider-select";
import { ADMIN_ACCESS_DENIED_MESSAGE } from "@/lib/messages";
import { can } from "@/lib/permissions";
import { usePageTitle } from "@/lib/page-title";

/**
 * The admin dashboard, with the global AI provider selector in its AI Configuration block
 * (docs/RULES.md, Dashboards). The page composes the two features, which do not import each other.
 */
export function AdminDashboardRoute() {
  usePageTitle("Admin Dashboard");
  const { data: me } = useMe();
  return (
    <RequirePermission permission="viewAdminDashboard" deniedMessage={ADMIN_ACCESS_DENIED_MESSAGE}>
      <AdminDashboard aiProviderSetting={<AiProviderSelect canEdit={can(me, "changeAiProvider")} />} />
    </RequirePermission>
  );
}
