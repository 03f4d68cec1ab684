import type { FastifyInstance } from "fastify";
import type { OnboardingData } from "@cultivate/shared";
import type { OnboardingKind } from "./repository.ts";

export type { OnboardingKind } from "./repository.ts";

/**
 * docs/RULES.md, Onboarding and approval: store the form, mark the profile submitted and link it to the
 * organisation, all or nothing (`app.repos.onboarding.submit`).
 */
export const submitOnboarding = (app: FastifyInstance, userId: string, form: OnboardingData) =>
  app.repos.onboarding.submit(userId, form);

/**
 * Who hears of an application (issue 11): the platform admins, and, when it joins an existing
 * organisation, that organisation's approved owners (never the applicant). A brand-new organisation
 * has no owner yet.
 */
export async function applicationRecipients(
  app: FastifyInstance,
  organizationId: string,
  kind: OnboardingKind,
  applicantId: string,
): Promise<Set<string>> {
  const recipients = new Set(await app.repos.onboarding.adminEmails());
  if (kind !== "new")
    for (const to of await app.repos.onboarding.ownerEmails(organizationId, applicantId)) recipients.add(to);
  return recipients;
}
