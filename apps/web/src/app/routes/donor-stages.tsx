import { Container } from "@mantine/core";
import type { StageWorkspace as StageWorkspaceData } from "@cultivate/shared";
import { AiProviderSelect } from "@/features/ai-settings/components/ai-provider-select";
import { useMe } from "@/features/auth/api/get-me";
import { can } from "@/lib/permissions";
import { DonorPage } from "@/features/donors/components/donor-page";
import { useStageWorkspace } from "@/features/stages/api/stages";
import { StageWorkspace } from "@/features/stages/components/stage-workspace";
import { MakeNextStep } from "@/features/next-steps/components/make-next-step";

/** /donor/{id}: donor details and the stage recommendation workflow (docs/RULES.md, AI recommendations). */
export function DonorStagesRoute() {
  return (
    <DonorPage useQuery={useStageWorkspace} title="Stage Recommendations" nameOf={(w) => w.donor.name}>
      {(workspace) => <DonorStages workspace={workspace} />}
    </DonorPage>
  );
}

function DonorStages({ workspace }: { workspace: StageWorkspaceData }) {
  const me = useMe();
  return (
    <Container size="xl" py="lg">
      {/* Remounted per donor so the selectors start from that donor's default stage. */}
      <StageWorkspace
        key={workspace.donor.id}
        workspace={workspace}
        organizationKnown={Boolean(me.data)}
        providerSlot={<AiProviderSelect canEdit={can(me.data, "changeAiProvider")} />}
        recordActions={(record) => <MakeNextStep record={record} donorId={workspace.donor.id} />}
      />
    </Container>
  );
}
