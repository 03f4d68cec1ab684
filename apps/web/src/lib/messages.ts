// UI wording quoted from the spec that packages/shared does not (yet) export.
export const TEST_EMAIL_SENT_MESSAGE = "Test email sent! Check console for details.";
export const TEST_EMAIL_FAILED_MESSAGE = "Failed to send test email. Check console for details.";

export const RESET_LINK_SENT_MESSAGE =
  "If an account exists for that email, we have sent a link to reset your password. The link expires in 1 hour.";
export const PASSWORD_RESET_SUCCESS_MESSAGE = "Your password has been reset. You can now sign in.";
export const RESET_LINK_INVALID_MESSAGE =
  "This password reset link is invalid or has expired. Please request a new one.";

export const ADMIN_ACCESS_DENIED_MESSAGE = "Access Denied: You don't have permission to access the admin dashboard.";

export const COMING_SOON_MESSAGE = "This area is coming soon.";
export const onboardingFailedMessage = (message: string) => `Failed to submit form: ${message}`;
