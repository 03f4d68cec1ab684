import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TrackActionInput, UpdateActionInput } from "@cultivate/shared";
import { actionRow, type ActionRecord } from "../../activity/recorder.ts";
import { loadActor, type Actor } from "../../policy/actor.ts";
import { can, isApproved } from "../../policy/policy.ts";
import { publicErrorMessage } from "../../lib/db-errors.ts";
import { HttpError } from "../../lib/errors.ts";

/**
 * Records an action for the request's signed-in user, if any. For routes that have not loaded the
 * actor themselves; never throws and never delays the caller beyond the (memoised) actor lookup.
 * Routes that already hold the actor call `app.activity.record(actor, request, …)` directly.
 */
export async function trackRequest(app: FastifyInstance, request: FastifyRequest, action: ActionRecord): Promise<void> {
  try {
    const actor = await app.getActor(request);
    if (actor) app.activity.record(actor, request, action);
  } catch (err) {
    request.log.warn({ err, action: action.actionName }, "could not track action");
  }
}

/**
 * Sign-in: the session only exists in better-auth's answer, so the actor is loaded from it after the
 * response has gone (setImmediate), off the sign-in's critical path. Failures are logged only.
 */
export function trackSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  responseText: string,
  rememberMe: boolean | undefined,
): void {
  setImmediate(() => {
    void (async () => {
      const body = JSON.parse(responseText) as { token?: string; user?: { id?: string } };
      if (!body.user?.id) return;
      const sessionId = body.token ? await app.repos.actions.sessionIdByToken(body.token) : null;
      // eslint-disable-next-line no-restricted-syntax -- one Actor builder: policy/actor.ts, as app.getActor
      const actor = await loadActor(app.db, body.user.id, sessionId ?? "");
      if (!actor) return;
      app.activity.record(actor, request, {
        actionType: "authentication",
        actionName: "sign_in",
        resourceType: "session",
        resourceId: sessionId,
        details: { method: "email", rememberMe: rememberMe ?? true },
      });
    })().catch((err: unknown) => request.log.warn({ err }, "could not track sign-in"));
  });
}

/** Sign-out: the actor must be read before better-auth deletes the session. Never throws. */
export async function actorBeforeSignOut(app: FastifyInstance, request: FastifyRequest): Promise<Actor | null> {
  try {
    return await app.getActor(request);
  } catch {
    return null;
  }
}

export function trackSignOut(app: FastifyInstance, request: FastifyRequest, actor: Actor | null): void {
  if (!actor) return;
  app.activity.record(actor, request, {
    actionType: "authentication",
    actionName: "sign_out",
    resourceType: "session",
    resourceId: actor.sessionId,
  });
}

/**
 * Browser-side tracking (docs/RULES.md, Activity history: page views): written at once so the
 * browser gets the id it later updates with the page's duration.
 */
export async function insertAction(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  input: TrackActionInput,
): Promise<string | null> {
  return app.repos.actions.insertOwn({
    ...(input.id ? { id: input.id } : {}),
    // An admin's pages are often another organisation's records (paths, titles), and an account
    // that is not approved writes nothing into its organisation's history: both filed under none.
    ...actionRow(actor, request, {
      ...input,
      organizationId: can.seeAllOrganizations(actor) || !isApproved(actor) ? null : actor.organizationId,
    }),
    userId: actor.userId,
  });
}

/** updateAction: sets the duration and merges details, only on the caller's own action. False when it is not theirs. */
export async function updateOwnAction(app: FastifyInstance, actor: Actor, input: UpdateActionInput): Promise<boolean> {
  return app.repos.actions.updateOwn(actor.userId, input);
}

/**
 * docs/RULES.md, Campaigns: campaign create and update report a start event, then success (with the duration) or
 * failure (with the error message). Same action name for all three; `details.phase` tells them apart.
 * The work's result or error passes through unchanged; the records are only queued. `describe` adds
 * what only the result knows to the success row (a created record's id).
 */
export async function trackOperation<T>(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest | null,
  action: ActionRecord,
  work: () => Promise<T>,
  describe?: (result: T) => Partial<ActionRecord>,
): Promise<T> {
  const details = action.details ?? {};
  app.activity.record(actor, request, {
    ...action,
    details: { ...details, phase: "start" },
    durationMs: null,
    success: true,
  });
  const started = performance.now();
  try {
    const result = await work();
    app.activity.record(actor, request, {
      ...action,
      ...describe?.(result),
      details: { ...details, phase: "success" },
      success: true,
      durationMs: Math.round(performance.now() - started),
    });
    return result;
  } catch (err) {
    app.activity.record(actor, request, {
      ...action,
      details: { ...details, phase: "failed" },
      success: false,
      durationMs: Math.round(performance.now() - started),
      errorMessage: publicErrorMessage(err), // shown in the action history: never SQL or data
    });
    throw err;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A route's `onError`: a request refused by validation (400 before the handler ran) is recorded as a
 * failed `action` of the signed-in user, with the validation message. The record's organisation is not
 * known yet: the row goes to the actor's organisation, or to none for admins (who may name any).
 * Other errors are recorded by the handler itself (around, trackOperation). Never throws.
 */
export function trackRefused(app: FastifyInstance, action: ActionRecord) {
  return async (request: FastifyRequest, _reply: FastifyReply, error: FastifyError): Promise<void> => {
    // Refused by a route's schema, or by the input guard (NUL, lone surrogates, nesting) before it.
    const refused = error.validation || (error instanceof HttpError && error.code === "validation_error");
    if (!refused) return;
    try {
      const actor = await app.getActor(request);
      if (!actor) return;
      const id = (request.params as { id?: unknown } | undefined)?.id;
      app.activity.record(actor, request, {
        ...action,
        organizationId: can.seeAllOrganizations(actor) ? null : actor.organizationId,
        // Only an id that is one (the refused path may hold anything, NUL included).
        resourceId: action.resourceId ?? (typeof id === "string" && UUID.test(id) ? id : null),
        details: { ...action.details, phase: "failed", refused: "validation" },
        success: false,
        errorMessage: error.message,
      });
    } catch (err) {
      request.log.warn({ err, action: action.actionName }, "could not track a refused request");
    }
  };
}
