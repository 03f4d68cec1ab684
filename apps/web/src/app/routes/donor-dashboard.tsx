import { Container, Grid, Stack } from "@mantine/core";
import { DONOR_MESSAGES, type DonorRecordResponse } from "@cultivate/shared";
import { DonorPage } from "@/features/donors/components/donor-page";
import { useDonor } from "@/features/donors/api/get-donor";
import { useSaveDonorNotes } from "@/features/donors/api/save-notes";
import { DonorHeader } from "@/features/donors/components/donor-header";
import { DonorNotesEditor } from "@/features/donors/components/donor-notes-editor";
import { DonorTimeline } from "@/features/donors/components/donor-timeline";
import { FieldSections } from "@/features/donors/components/field-sections";
import { NextStepCard } from "@/features/donors/components/next-step-card";
import { NextStepsCard } from "@/features/next-steps/components/next-steps-card";
import { StageStrip } from "@/features/donors/components/stage-strip";
import { stageProgress } from "@/features/donors/utils/stage-progress";
import { donorSections, fullName } from "@/features/donors/utils/sections";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useLogContactOffer, useStepAssignees } from "@/app/next-step-actions";

export function DonorDashboardRoute() {
  return (
    <DonorPage useQuery={useDonor} title="Donor Dashboard" nameOf={(r) => fullName(r.donor)}>
      {(record) => <DonorDashboardView record={record} />}
    </DonorPage>
  );
}

function DonorDashboardView({ record }: { record: DonorRecordResponse }) {
  const { donor, stages, permissions } = record;
  const progress = stageProgress(stages.map((s) => s.stageName));
  const save = useSaveDonorNotes(donor.id);
  const assignees = useStepAssignees(donor.organizationId);
  const logContact = useLogContactOffer();

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <DonorHeader donor={donor} canAssignManager={permissions.assignRelationshipManager} />
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
              <NextStepsCard donorId={donor.id} assignees={assignees} onDone={logContact.offer} />
              <DonorTimeline
                donorId={donor.id}
                entries={stages.map((s) => ({
                  id: s.id,
                  stageName: s.stageName,
                  createdAt: s.createdAt,
                  aiOutput: s.aiOutput,
                  kind: s.kind,
                  note: s.note,
                  recordedBy: s.recordedBy,
                }))}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      {logContact.element}
    </Container>
  );
}
