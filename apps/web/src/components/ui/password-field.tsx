import { PasswordInput, type PasswordInputProps } from "@mantine/core";

/**
 * PasswordInput whose show/hide toggle is not itself labelled "…password…", so a field can be found
 * by its label ("Password") without also matching the toggle.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ "aria-label": "Reveal characters" }} {...props} />;
}
