import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";

/** The red box the spec uses for form errors; announced to screen readers as an alert. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
      {message}
    </Alert>
  );
}
