import { Container, Stack, Text, Title } from "@mantine/core";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { ChangePasswordCard } from "@/features/account/components/change-password-card";
import { TwoFactorCard } from "@/features/account/components/two-factor-card";
import { CalendarFeedCard } from "@/features/account/components/calendar-feed-card";
import { DigestCard } from "@/features/today/components/digest-card";
import { can } from "@/lib/permissions";
import { usePageTitle } from "@/lib/page-title";

export function AccountRoute() {
  usePageTitle("Account Settings");
  return (
    <RequireAuth>
      {(me) => (
        <Container size="sm" py="xl">
          <Stack gap="lg">
            <div>
              <Title order={1}>Account Settings</Title>
              <Text c="dimmed">{me.user.email}</Text>
            </div>
            <ChangePasswordCard />
            <TwoFactorCard />
            {/* Issue 15: the calendar of one's next steps, for those who have them. */}
            {can(me, "viewDonors") ? <CalendarFeedCard /> : null}
            {can(me, "viewDonors") ? <DigestCard /> : null}
          </Stack>
        </Container>
      )}
    </RequireAuth>
  );
}
