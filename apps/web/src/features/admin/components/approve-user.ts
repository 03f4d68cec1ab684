import { approvalEmailFailedMessage, userApprovedMessage } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useApproveUser } from "../api/users";

/**
 * Approve, with what the admin or owner is told (docs/RULES.md, Onboarding and approval): the same
 * wherever the button is (the applications above the list and the list's own rows).
 */
export function useApproveWithNotice() {
  const approve = useApproveUser();
  const run = (user: { id: string; email: string }) =>
    approve.mutate(user.id, {
      onSuccess: (result) => {
        if (result.alreadyApproved) notify.info(`User "${user.email}" is already approved.`);
        else if (result.emailError) notify.warning(approvalEmailFailedMessage(result.emailError));
        else notify.success(userApprovedMessage(user.email));
      },
      onError: (err) => notify.error(`Failed to approve user: ${errorMessage(err, "Network error")}`),
    });
  return { run, isPending: approve.isPending };
}
