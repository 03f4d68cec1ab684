import { useParams } from "react-router";
import { Container } from "@mantine/core";
import { BOARD_MESSAGES } from "@cultivate/shared";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { PipelineBoard } from "@/features/board/components/pipeline-board";
import { usePageTitle } from "@/lib/page-title";
import { useUrlParams } from "@/lib/url-params";

/** /campaigns/:id/board: a campaign's pipeline board (issue 15; docs/RULES.md, Pipeline board); the manager filter is in the URL. */
export function CampaignBoardRoute() {
  usePageTitle("Pipeline board");
  return (
    <RequirePermission permission="viewCampaignBoard" deniedMessage={BOARD_MESSAGES.accessDenied}>
      <Board />
    </RequirePermission>
  );
}

function Board() {
  const { id = "" } = useParams();
  const [params, updateParams] = useUrlParams();
  const manager = params.get("manager");
  return (
    <Container size="xl" py="lg">
      <PipelineBoard
        campaignId={id}
        manager={manager}
        onManagerChange={(value) =>
          updateParams(
            (p) => {
              if (value) p.set("manager", value);
              else p.delete("manager");
            },
            { replace: true },
          )
        }
      />
    </Container>
  );
}
