// Loaded with the answer (ADR 039): the landing page ships without zod.
export { testEmailResultSchema } from "@cultivate/shared";
