import { apiFetch } from "@/lib/api-client";

/** Asks the server to send its test message; the answer is only logged. */
export const sendTestEmail = async () => {
  const answer = await apiFetch("/api/test-email", { method: "POST" });
  const { testEmailResultSchema } = await import("./test-email-contract");
  return testEmailResultSchema.parse(answer);
};
