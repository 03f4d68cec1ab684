import { Navigate } from "react-router";
import { useMe } from "@/features/auth/api/get-me";
import { canOnceApproved } from "@/lib/permissions";
import { CtaSection } from "@/features/landing/components/cta-section";
import { HeroSection } from "@/features/landing/components/hero-section";
import { HowItWorksSection } from "@/features/landing/components/how-it-works-section";
import { WhySection } from "@/features/landing/components/why-section";
import { usePageTitle } from "@/lib/page-title";

export function LandingRoute() {
  usePageTitle("Welcome");
  const { data: me } = useMe();
  // An admin lands on the admin dashboard (one waiting for approval is sent on from there to the wait).
  if (canOnceApproved(me, "viewAdminDashboard")) return <Navigate to="/admin" replace />;
  return (
    <>
      <HeroSection signedIn={Boolean(me)} />
      <WhySection />
      <HowItWorksSection />
      <CtaSection />
    </>
  );
}
