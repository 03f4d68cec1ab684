import { Navigate } from "react-router";
import { useMe } from "@/features/auth/api/get-me";
import { CtaSection } from "@/features/landing/components/cta-section";
import { HeroSection } from "@/features/landing/components/hero-section";
import { HowItWorksSection } from "@/features/landing/components/how-it-works-section";
import { WhySection } from "@/features/landing/components/why-section";

export function LandingRoute() {
  const { data: me } = useMe();
  if (me?.roles.includes("admin")) return <Navigate to="/admin" replace />;
  return (
    <>
      <HeroSection signedIn={Boolean(me)} />
      <WhySection />
      <HowItWorksSection />
      <CtaSection />
    </>
  );
}
