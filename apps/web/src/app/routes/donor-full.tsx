import { Link } from "react-router";
import { Button, Container, Group, Paper, Stack, Title, Typography } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { DonorRecordResponse } from "@cultivate/shared";
import { DonorPage } from "@/features/donors/components/donor-page";
import { useDonor } from "@/features/donors/api/get-donor";
import { ChangeHistory } from "@/features/donors/components/change-history";
import { DonorHeader } from "@/features/donors/components/donor-header";
import { FieldSections } from "@/features/donors/components/field-sections";
import { donorSections, fullName } from "@/features/donors/utils/sections";

/** /donor-full/{id} and /donor/{id}/full: every field of the donor by section, and its change history. */
export function DonorFullRoute() {
  return (
    <DonorPage useQuery={useDonor} title="Full Record" nameOf={(r) => fullName(r.donor)}>
      {(record) => <DonorFull record={record} />}
    </DonorPage>
  );
}

function DonorFull({ record }: { record: DonorRecordResponse }) {
  const { donor, changes } = record;
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group>
          <Button
            component={Link}
            to={`/donor/${donor.id}/dashboard`}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to Donor Dashboard
          </Button>
        </Group>
        <DonorHeader
          donor={donor}
          fullRecordLink={false}
          canAssignManager={record.permissions.assignRelationshipManager}
        />
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
