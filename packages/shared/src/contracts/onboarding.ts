import { z } from "zod";

/** POST /api/onboarding */
export const onboardingResultSchema = z.object({
  ok: z.literal(true),
  organization: z.object({ id: z.string(), name: z.string() }),
});
export type OnboardingResult = z.infer<typeof onboardingResultSchema>;
