import { testEmailResultSchema } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";

/** Asks the server to send its test message; the answer is only logged. */
export const sendTestEmail = async () =>
  testEmailResultSchema.parse(await apiFetch("/api/test-email", { method: "POST" }));
