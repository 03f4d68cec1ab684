/** Password rules and the sign-in pages' sentences (no schemas here: see auth.ts). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_HINT = "Password must be at least 6 characters";
/** An API answer without a message of its own (the spec's wording; apps/web/src/lib/api-client.ts). */
export const httpErrorMessage = (status: number) => `HTTP error! status: ${status}`;
/** The reason for a call that got no answer at all (the spec's wording, Part 2: the approval email). */
export const NETWORK_ERROR_MESSAGE = "Network error";
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";
export const PASSWORD_TOO_SHORT_MESSAGE = "Password must be at least 6 characters long";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred. Please try again.";
export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts. Please wait a minute and try again.";

/**
 * A new password and its confirmation, checked in the order of docs/RULES.md (match, then length): the
 * sentence to show, or null. Every form that sets a password (register, reset, change, Add User) asks this.
 */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return null;
}
