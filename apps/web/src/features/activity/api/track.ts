import type { TrackActionInput, UpdateActionInput } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";

const TRACK_URL = "/api/functions/trackAction";
const UPDATE_URL = "/api/functions/updateAction";

/** A v4 UUID; crypto.randomUUID only exists in secure contexts, so plain-http installs get the fallback. */
export function newActionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Sends a tracking call without ever throwing or holding up the page. `beacon` is for a page that is
 * going away: navigator.sendBeacon survives the unload (it posts text/plain, which the server accepts).
 */
function post(url: string, body: unknown, beacon: boolean): Promise<boolean> {
  const text = JSON.stringify(body);
  if (beacon && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, text))
    return Promise.resolve(true);
  return apiFetch(url, { method: "POST", keepalive: true, headers: { "Content-Type": "application/json" }, body: text })
    .then(() => true)
    .catch(() => false);
}

export const trackAction = (input: TrackActionInput & { id: string }, beacon = false) => post(TRACK_URL, input, beacon);
export const updateAction = (input: UpdateActionInput, beacon = false) => post(UPDATE_URL, input, beacon);
