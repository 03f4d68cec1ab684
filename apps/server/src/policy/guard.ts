import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Actor } from "./actor.ts";
import { authorize, requireActor } from "./policy.ts";

/**
 * A preValidation hook: 401 without a session, 403 without the role, before the body is validated,
 * so a visitor without permission never learns what a valid request looks like.
 */
export const guard =
  (app: FastifyInstance, rule: (a: Actor) => boolean, message: string) => async (request: FastifyRequest) => {
    authorize(requireActor(await app.getActor(request)), rule, message);
  };

/** The actor of a request that already passed `guard`. */
export const actorOf = async (app: FastifyInstance, request: FastifyRequest): Promise<Actor> =>
  requireActor(await app.getActor(request));
