import { useParams } from "react-router";
import { Alert, Container } from "@mantine/core";
import { DONOR_MESSAGES, DONOR_ROLES } from "@cultivate/shared";
import { PageLoader } from "@/components/ui/page-loader";
import { AiProviderSelect } from "@/features/ai-settings/components/ai-provider-select";
import { useMe } from "@/features/auth/api/get-me";
import { RequireRole } from "@/features/auth/components/require-role";
import { DonorNotFound } from "@/features/donors/components/donor-not-found";
import { useStageWorkspace } from "@/features/stages/api/stages";
import { StageWorkspace } from "@/features/stages/components/stage-workspace";
import { errorMessage } from "@/lib/api-client";

/** /donor/{id}: donor details and the stage recommendation workflow (part 1 §2). */
export function DonorStagesRoute() {
  return (
    <RequireRole roles={DONOR_ROLES} deniedTitle={DONOR_MESSAGES.accessDeniedTitle} deniedMessage={DONOR_MESSAGES.accessDenied}>
      <DonorStages />
    </RequireRole>
  );
}

function DonorStages() {
  const { id = "" } = useParams();
  const { data, isPending, isError, error } = useStageWorkspace(id);
  const me = useMe();
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
  return (
    <Container size="xl" py="lg">
      {/* Remounted per donor so the selectors start from that donor's default stage. */}
      <StageWorkspace
        key={data.donor.id}
        workspace={data}
        organizationKnown={Boolean(me.data)}
        providerSlot={<AiProviderSelect canEdit={Boolean(me.data?.roles.includes("admin"))} />}
      />
    </Container>
  );
}
