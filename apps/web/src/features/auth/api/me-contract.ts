// Loaded by getMe only when there is a signed-in user's answer to check: the contract brings zod, which
// a signed-out visitor's first page (landing, sign-in) does without (ADR 039).
export { meSchema } from "@cultivate/shared";
