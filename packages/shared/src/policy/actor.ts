import type { OnboardingStatus } from "../roles.ts";

/**
 * What the rules need to know about who is asking. The server's request actor (apps/server/src/policy/actor.ts)
 * has more fields and fits this shape; the rules never load anything themselves.
 */
export type PolicyActor = {
  userId: string;
  roles: readonly string[];
  organizationId: string | null;
  onboardingStatus: OnboardingStatus;
};
