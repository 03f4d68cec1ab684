import { Button, type ButtonProps } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { NETWORK_ERROR_MESSAGE, approvalEmailFailedMessage, userApprovedMessage } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useApproveUser } from "../api/users";

/**
 * Approve, with what the admin or owner is told (docs/RULES.md, Onboarding and approval): one button for
 * the applications above the user list and the list's own rows, so both say the same.
 */
export function ApproveUserButton({
  user,
  children,
  ...props
}: ButtonProps & { user: { id: string; email: string }; children: string; "aria-label"?: string }) {
  const approve = useApproveUser();
  const run = () =>
    approve.mutate(user.id, {
      onSuccess: (result) => {
        if (result.alreadyApproved) notify.info(`User "${user.email}" is already approved.`);
        else if (result.emailError) notify.warning(approvalEmailFailedMessage(result.emailError));
        else notify.success(userApprovedMessage(user.email));
      },
      onError: (err) => notify.error(`Failed to approve user: ${errorMessage(err, NETWORK_ERROR_MESSAGE)}`),
    });
  return (
    <Button
      size="xs"
      color="green"
      leftSection={<IconCheck size={14} />}
      loading={approve.isPending}
      onClick={run}
      {...props}
    >
      {children}
    </Button>
  );
}
