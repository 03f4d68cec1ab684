/** Thrown for any non-2xx answer; `message` is the server's own wording when it sent one. */
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

export interface ApiRequestInit extends Omit<RequestInit, "body"> {
  /** Serialised as JSON with the matching Content-Type. */
  json?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set("Accept", "application/json");
  let body: string | undefined;
  if (json !== undefined) {
    requestHeaders.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }

  const response = await fetch(path, { credentials: "same-origin", ...rest, headers: requestHeaders, body });
  const data = await readBody(response);

  if (!response.ok) {
    const message =
      isRecord(data) && typeof data.message === "string" && data.message.trim()
        ? data.message
        : `HTTP error! status: ${response.status}`;
    const code = isRecord(data)
      ? typeof data.code === "string"
        ? data.code
        : typeof data.error === "string"
          ? data.error
          : undefined
      : undefined;
    throw new ApiClientError(response.status, message, code, data);
  }
  return data as T;
}

/** The text to show for a failed call: the server's message, or the generic fallback for anything else. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiClientError ? error.message : fallback;
}
