import { apiFetch } from "@/lib/api-client";

/** Asks the server to send its test message; the answer is only logged. */
export const sendTestEmail = () => apiFetch<unknown>("/api/test-email", { method: "POST" });
