import { useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { ONBOARDING_REDIRECT_MS } from "@cultivate/shared";
import { PageLoader } from "@/components/ui/page-loader";
import { useMe } from "@/features/auth/api/get-me";
import { OnboardingForm } from "@/features/onboarding/components/onboarding-form";
import { OnboardingThankYou } from "@/features/onboarding/components/onboarding-thank-you";
import { usePageTitle } from "@/lib/page-title";

export function OnboardingFormRoute() {
  usePageTitle("Onboarding");
  const navigate = useNavigate();
  const { data: me, isPending } = useMe();
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!submitted) return;
    const timer = window.setTimeout(() => void navigate("/pending-approval"), ONBOARDING_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [submitted, navigate]);

  if (submitted) return <OnboardingThankYou />;
  if (isPending) return <PageLoader />;
  // Already through onboarding: /dashboard knows where this user belongs. Signed-out visitors still
  // see the form; the server refuses the submit and the form says so.
  if (me && me.onboardingStatus !== "pending") return <Navigate to="/dashboard" replace />;
  return <OnboardingForm onSubmitted={() => setSubmitted(true)} />;
}
