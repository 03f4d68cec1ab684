import type { ReactNode } from "react";
import type { Me } from "@cultivate/shared";
import { PageLoader } from "@/components/ui/page-loader";
import { useMe } from "@/features/auth/api/get-me";
import { SupportLoginRequired } from "./support-login-required";

/** Support screens: any signed-in user; a signed-out visitor is told to log in (docs/RULES.md, Support issues) rather than redirected. */
export function RequireSignedIn({ message, children }: { message: string; children: (me: Me) => ReactNode }) {
  const { data: me, isPending } = useMe();
  if (isPending) return <PageLoader />;
  if (!me) return <SupportLoginRequired message={message} />;
  return <>{children(me)}</>;
}
