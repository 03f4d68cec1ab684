import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE, PASSWORDS_DO_NOT_MATCH } from "@cultivate/shared";

/** Client-side check shared by register and reset: the message to show, or null when fine. */
export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  return null;
}
