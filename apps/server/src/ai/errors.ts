import { AiError } from "./types.ts";

/** Turns SDK errors (status codes, time-outs, broken streams) into one readable sentence. */
export function describeUpstreamError(label: string, err: unknown): AiError {
  if (err instanceof AiError) return err;
  const e = err as { status?: number; name?: string; message?: string; constructor?: { name?: string } };
  // The SDKs' error classes (APIUserAbortError, APIConnectionTimeoutError, …) are told apart by class name.
  const kind = `${e?.constructor?.name ?? ""} ${e?.name ?? ""}`;
  if (/Abort/.test(kind)) return new AiError(`${label}: the request was cancelled.`, 499);
  if (/Timeout/.test(kind) || /timed out/i.test(e?.message ?? ""))
    return new AiError(`${label} did not answer in time.`, 504);
  if (/ConnectionError/.test(kind)) return new AiError(`${label} could not be reached.`, 502);
  if (typeof e?.status === "number") {
    if (e.status === 401 || e.status === 403)
      return new AiError(`${label} rejected the API key (HTTP ${e.status}).`, 502);
    if (e.status === 429)
      return new AiError(`${label} is rate limiting requests (HTTP 429). Please try again shortly.`, 503);
    return new AiError(`${label} answered with an error (HTTP ${e.status}).`, 502);
  }
  return new AiError(`${label} sent an answer we could not read${e?.message ? `: ${e.message}` : ""}.`, 502);
}
