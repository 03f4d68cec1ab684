import { Container } from "@mantine/core";
import { OUTBOX_DENIED_MESSAGE } from "@cultivate/shared";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { EmailOutbox } from "@/features/outbox/components/email-outbox";
import { usePageTitle } from "@/lib/page-title";
import { pageParam, searchParam, useUrlParamSetter } from "@/lib/url-params";

/** /admin/outbox?q=&page=: the email outbox (admins); the search and the page live in the address. */
export function AdminOutboxRoute() {
  usePageTitle("Email Outbox");
  const [params, set] = useUrlParamSetter();
  return (
    <RequirePermission permission="readEmailOutbox" deniedMessage={OUTBOX_DENIED_MESSAGE} deniedTitle="Access Denied">
      <Container size="lg" py="xl">
        <EmailOutbox params={{ q: searchParam(params), page: pageParam(params) }} onChange={set} />
      </Container>
    </RequirePermission>
  );
}
