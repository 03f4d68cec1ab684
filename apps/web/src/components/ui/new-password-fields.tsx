import { PASSWORD_HINT } from "@cultivate/shared";
import { PasswordField } from "./password-field";

/**
 * A new password (with the rule's hint) and its confirmation, as every form that sets a password shows
 * them: register, reset, Change Password and Add User. Each passes its labels, which the spec words
 * differently ("Confirm password", "Confirm new password", "Confirm Password"). The check of the pair is
 * `newPasswordProblem` (packages/shared/src/auth-messages.ts).
 */
export function NewPasswordFields({
  labels,
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
  required,
}: {
  labels: readonly [password: string, confirm: string];
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
  /** The browser's own check too (the sign-in pages); the signed-in forms say what is missing themselves. */
  required?: boolean;
}) {
  return (
    <>
      <PasswordField
        label={labels[0]}
        description={PASSWORD_HINT}
        autoComplete="new-password"
        required={required}
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
      />
      <PasswordField
        label={labels[1]}
        autoComplete="new-password"
        required={required}
        value={confirmPassword}
        onChange={(e) => onConfirmPassword(e.currentTarget.value)}
      />
    </>
  );
}
