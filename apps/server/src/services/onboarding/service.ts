import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OnboardingData } from "@cultivate/shared";
import { conflict } from "../../lib/errors.ts";
import { onboardingSubmittedEmail } from "../../mail/templates.ts";
import type { Actor } from "../../policy/actor.ts";
import type { OnboardingKind } from "./repository.ts";

export type { OnboardingKind } from "./repository.ts";

/**
 * docs/RULES.md, Onboarding and approval: store the form, mark the profile submitted and link it to the
 * organisation, all or nothing (`app.repos.onboarding.submit`).
 */
const storeOnboarding = (app: FastifyInstance, userId: string, form: OnboardingData) =>
  app.repos.onboarding.submit(userId, form);

/**
 * Who hears of an application (issue 11): the platform admins, and, when it joins an existing
 * organisation, that organisation's approved owners (never the applicant). A brand-new organisation
 * has no owner yet.
 */
async function applicationRecipients(
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

/**
 * The onboarding submit of a pending account: stores it, records it, and emails who hears of it.
 * Issue 11: joining an existing organisation is a request to its owners, so they hear of it at
 * once, with the platform admins; a brand-new organisation has no owner yet (admins only).
 * The onboarding email (docs/RULES.md, Onboarding and approval): a failure is logged and the flow continues.
 */
export async function submitOnboarding(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  form: OnboardingData,
) {
  if (actor.onboardingStatus !== "pending") {
    throw conflict("Your information has already been submitted.");
  }
  const started = performance.now();
  const { organization, kind } = await storeOnboarding(app, actor.userId, form);
  app.activity.record(actor, request, {
    actionType: "data_management",
    actionName: "onboarding_submit",
    organizationId: organization.id,
    resourceType: "organization",
    resourceId: organization.id,
    details: { organizationName: organization.name, typedOrganizationName: form.organizationName, kind },
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const recipients = await applicationRecipients(app, organization.id, kind, actor.userId);
    for (const to of recipients) {
      const email = onboardingSubmittedEmail(
        to,
        actor.email,
        form,
        { name: organization.name, kind },
        app.config.appUrl,
      );
      const result = await app.mailer.send(email);
      if (result.error) request.log.warn({ to, error: result.error }, "Failed to send application notification email");
    }
  } catch (err) {
    request.log.error({ err }, "Failed to send application notification email");
  }
  return { ok: true as const, organization };
}
