import { Stream } from "node:stream";
import type { FastifyInstance } from "fastify";
import { hasForbiddenCharacters, INPUT_MESSAGES, MAX_JSON_DEPTH } from "@cultivate/shared";
import { HttpError } from "./errors.ts";

/**
 * What is wrong with a request's parsed input, if anything: a string (value or key) PostgreSQL cannot
 * store, or nesting deeper than `maxDepth`. Iterative, so a body of 5,000 nested arrays costs no stack.
 */
export function inputProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): "forbidden_character" | "too_deep" | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === "string") {
      if (hasForbiddenCharacters(v)) return "forbidden_character";
    } else if (isPlainData(v)) {
      if (depth >= maxDepth) return "too_deep";
      if (Array.isArray(v)) {
        for (const item of v) stack.push([item, depth + 1]);
      } else {
        for (const [key, item] of Object.entries(v)) {
          if (hasForbiddenCharacters(key)) return "forbidden_character";
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return null;
}

/**
 * Only what a JSON, query-string or path parser produced is walked: a streamed body (the CSV import,
 * whose bad cells are per-row problems of the import) or a Buffer is not input of this kind.
 */
function isPlainData(v: unknown): v is object {
  if (v === null || typeof v !== "object") return false;
  // Route params and parsed queries may have their own prototypes; streams and binary data are skipped.
  if (v instanceof Stream || ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return false;
  return true;
}

/**
 * One check for every route under /api (better-auth's included), before any schema or handler runs:
 * path parameters, query and JSON body may hold no NUL character and no unpaired surrogate (PostgreSQL
 * refuses both, in text and in JSON), and the body may nest at most MAX_JSON_DEPTH levels. 400 with one
 * sentence otherwise.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    for (const part of [request.params, request.query, request.body]) {
      const problem = inputProblem(part);
      if (problem === "forbidden_character")
        throw new HttpError(400, "validation_error", INPUT_MESSAGES.forbiddenCharacter);
      if (problem === "too_deep") throw new HttpError(400, "validation_error", INPUT_MESSAGES.tooDeep);
    }
  });
}
