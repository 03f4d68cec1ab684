import { Link, useParams } from "react-router";
import { Alert, Button, Container, Group, Paper, Stack, Title, Typography } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { DONOR_MESSAGES, DONOR_ROLES } from "@cultivate/shared";
import { PageLoader } from "@/components/ui/page-loader";
import { RequireRole } from "@/features/auth/components/require-role";
import { useDonor } from "@/features/donors/api/get-donor";
import { ChangeHistory } from "@/features/donors/components/change-history";
import { DonorHeader } from "@/features/donors/components/donor-header";
import { DonorNotFound } from "@/features/donors/components/donor-not-found";
import { FieldSections } from "@/features/donors/components/field-sections";
import { donorSections } from "@/features/donors/utils/sections";
import { errorMessage } from "@/lib/api-client";

/** /donor-full/{id} and /donor/{id}/full: every field of the donor by section, and its change history. */
export function DonorFullRoute() {
  return (
    <RequireRole roles={DONOR_ROLES} deniedTitle={DONOR_MESSAGES.accessDeniedTitle} deniedMessage={DONOR_MESSAGES.accessDenied}>
      <DonorFull />
    </RequireRole>
  );
}

function DonorFull() {
  const { id = "" } = useParams();
  const { data, isPending, isError, error } = useDonor(id);
  if (isPending) return <PageLoader label="Loading donor" />;
  if (isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          {errorMessage(error, "Failed to load the donor.")}
        </Alert>
      </Container>
    );
  }
  if (!data) return <DonorNotFound />;
  const { donor, changes } = data;
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group>
          <Button component={Link} to={`/donor/${donor.id}/dashboard`} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            Back to Donor Dashboard
          </Button>
        </Group>
        <DonorHeader donor={donor} fullRecordLink={false} />
        <Title order={2}>Full Record</Title>
        <FieldSections sections={donorSections(donor)} defaultOpen />
        <Paper withBorder p="md" radius="md">
          <Title order={3} mb="sm">
            Notes
          </Title>
          {donor.notes ? (
            // The server stores notes sanitised with an allow-list of tags (docs/api/donors.md).
            <Typography>
              <div dangerouslySetInnerHTML={{ __html: donor.notes }} />
            </Typography>
          ) : (
            <div>N/A</div>
          )}
        </Paper>
        <ChangeHistory changes={changes} />
      </Stack>
    </Container>
  );
}
