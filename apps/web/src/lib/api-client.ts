import { httpErrorMessage, NETWORK_ERROR_MESSAGE } from "@cultivate/shared";

const NETWORK_ERROR_CODE = "network_error";

/**
 * Thrown for any non-2xx answer; `message` is the server's own wording when it sent one. A call that got
 * no answer (offline, server down) throws one too, with status 0 and NETWORK_ERROR_MESSAGE.
 */
export class ApiClientError extends Error {
  readonly status: number;
  /** better-auth answers `{ code, message }`, our routes `{ error, message }`. */
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, code: string | undefined, body: unknown) {
    super(message);
    this.name = "ApiClientError";
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/**
 * How the answer is read: `json` (the default) parses the body, to be checked with its contract from
 * `@cultivate/shared`; `blob` hands back the whole body as a Blob (a CSV download) with its headers;
 * `stream` hands back the body unread (the NDJSON stream of stage generation). In every mode a non-2xx
 * answer throws ApiClientError built from its `{ error, message }` body, here and nowhere else.
 */
export type ApiReadMode = "json" | "blob" | "stream";

export interface ApiRequestInit extends Omit<RequestInit, "body"> {
  /** Serialised as JSON with the matching Content-Type. */
  json?: unknown;
  /** A raw body (a file), sent as it is; name its Content-Type in `headers`. */
  body?: BodyInit;
  as?: ApiReadMode;
}

export interface ApiBlob {
  blob: Blob;
  headers: Headers;
}

const ACCEPT: Record<ApiReadMode, string> = {
  json: "application/json",
  blob: "*/*",
  stream: "application/x-ndjson, application/json",
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const nonEmpty = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one reader of error bodies: the server's message, else its error code (docs/RULES.md, Import:
 * "the body's error text"), else "HTTP error! status: {code}".
 */
export function apiErrorOf(status: number, data: unknown): ApiClientError {
  const message = isRecord(data)
    ? nonEmpty(data.message)
      ? data.message
      : nonEmpty(data.error)
        ? data.error
        : httpErrorMessage(status)
    : httpErrorMessage(status);
  const code = isRecord(data)
    ? nonEmpty(data.code)
      ? data.code
      : nonEmpty(data.error)
        ? data.error
        : undefined
    : undefined;
  return new ApiClientError(status, message, code, data);
}

export function apiFetch(path: string, init?: ApiRequestInit & { as?: "json" }): Promise<unknown>;
export function apiFetch(path: string, init: ApiRequestInit & { as: "blob" }): Promise<ApiBlob>;
export function apiFetch(path: string, init: ApiRequestInit & { as: "stream" }): Promise<ReadableStream<Uint8Array>>;
export async function apiFetch(path: string, init: ApiRequestInit = {}): Promise<unknown> {
  const { json, body: rawBody, headers, as: mode = "json", ...rest } = init;
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has("Accept")) requestHeaders.set("Accept", ACCEPT[mode]);
  let body: BodyInit | undefined = rawBody;
  if (json !== undefined) {
    requestHeaders.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", ...rest, headers: requestHeaders, body });
  } catch (err) {
    // fetch rejects with a TypeError when no answer came; an abort (a query cancelled) stays what it is.
    if (err instanceof TypeError) throw new ApiClientError(0, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_CODE, null);
    throw err;
  }
  if (!response.ok) throw apiErrorOf(response.status, await readBody(response));

  if (mode === "blob") return { blob: await response.blob(), headers: response.headers } satisfies ApiBlob;
  if (mode === "stream") {
    if (!response.body) throw apiErrorOf(response.status, null);
    return response.body;
  }
  return readBody(response);
}

/** The text to show for a failed call: the server's message, or the generic fallback for anything else. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiClientError ? error.message : fallback;
}
