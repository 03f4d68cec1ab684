import { useNavigate } from "react-router";
import { useMe } from "@/features/auth/api/get-me";
import { usePublicConfig } from "@/features/config/api/get-config";
import { PendingApprovalPanel } from "@/features/onboarding/components/pending-approval-panel";
import { usePageTitle } from "@/lib/page-title";

export function PendingApprovalRoute() {
  usePageTitle("Application Under Review");
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { data: config } = usePublicConfig();

  const contactSupport = () => {
    if (me) {
      void navigate("/support");
    } else if (config) {
      window.location.href = `mailto:${config.supportEmail}`;
    }
  };

  return (
    <PendingApprovalPanel
      email={me?.user.email ?? null}
      organizationName={me?.organization?.name ?? null}
      onContactSupport={contactSupport}
      contactSupportDisabled={!me && !config}
    />
  );
}
