import { useParams } from "react-router";
import { Alert, Container, Grid, Stack } from "@mantine/core";
import { DONOR_MESSAGES, DONOR_ROLES, type DonorRecordResponse } from "@cultivate/shared";
import { PageLoader } from "@/components/ui/page-loader";
import { RequireRole } from "@/features/auth/components/require-role";
import { useDonor } from "@/features/donors/api/get-donor";
import { useSaveDonorNotes } from "@/features/donors/api/save-notes";
import { DonorHeader } from "@/features/donors/components/donor-header";
import { DonorNotFound } from "@/features/donors/components/donor-not-found";
import { DonorNotesEditor } from "@/features/donors/components/donor-notes-editor";
import { EngagementTimeline } from "@/features/donors/components/engagement-timeline";
import { FieldSections } from "@/features/donors/components/field-sections";
import { NextStepCard } from "@/features/donors/components/next-step-card";
import { StageStrip } from "@/features/donors/components/stage-strip";
import { stageProgress } from "@/features/donors/utils/stage-progress";
import { donorSections } from "@/features/donors/utils/sections";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";

export function DonorDashboardRoute() {
  return (
    <RequireRole roles={DONOR_ROLES} deniedTitle={DONOR_MESSAGES.accessDeniedTitle} deniedMessage={DONOR_MESSAGES.accessDenied}>
      <DonorDashboard />
    </RequireRole>
  );
}

function DonorDashboard() {
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
  return <DonorDashboardView record={data} />;
}

function DonorDashboardView({ record }: { record: DonorRecordResponse }) {
  const { donor, stages, permissions } = record;
  const progress = stageProgress(stages.map((s) => s.stageName));
  const save = useSaveDonorNotes(donor.id);

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <DonorHeader donor={donor} />
        <StageStrip progress={progress} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <DonorNotesEditor
                key={donor.id}
                initialHtml={donor.notes}
                canEdit={permissions.editNotes}
                saving={save.isPending}
                onSave={(html) =>
                  save.mutate(html, {
                    onSuccess: (res) => notify.success(res.message || DONOR_MESSAGES.notesSaved),
                    onError: (e) => notify.error(DONOR_MESSAGES.notesSaveFailed(errorMessage(e, "unknown error"))),
                  })
                }
              />
              <FieldSections sections={donorSections(donor)} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <NextStepCard donorId={donor.id} current={progress.current} />
              <EngagementTimeline
                entries={stages.map((s) => ({ id: s.id, stageName: s.stageName, createdAt: s.createdAt, aiOutput: s.aiOutput }))}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
