import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import {
  BOARD_COLUMN_MAX,
  BOARD_PAGE,
  BOARD_UNASSIGNED,
  formatDate,
  formatMoney,
  formatNumber,
  nextColumn,
  plural,
  type Board,
  type BoardCard,
  type BoardColumn,
} from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { useBoard, useBoardColumn } from "../api/board";
import { MoveCardModal } from "./move-card-modal";

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, "-");

function BoardCardView({
  card,
  canMove,
  focus,
  onMove,
}: {
  card: BoardCard;
  canMove: boolean;
  focus: boolean;
  onMove: (card: BoardCard, to: BoardColumn) => void;
}) {
  const next = nextColumn(card.stage);
  const button = useRef<HTMLButtonElement>(null);
  const link = useRef<HTMLAnchorElement>(null);
  // The card just moved keeps the keyboard's place: its next button, or its name once Complete.
  useEffect(() => {
    if (focus) (button.current ?? link.current)?.focus();
  }, [focus]);
  const manager = card.relationshipManager;
  return (
    <Card withBorder radius="md" padding="sm" component="li" data-testid="board-card" data-donor-id={card.donorId}>
      <Stack gap={4}>
        <Anchor ref={link} component={Link} to={`/donor/${card.donorId}/dashboard`} fw={600}>
          {card.name}
        </Anchor>
        <Text size="sm">Capacity: {formatMoney(card.estimatedCapacity)}</Text>
        <Text size="sm">Manager: {manager ? (manager.name ?? manager.email) : "Unassigned"}</Text>
        <Text size="sm" c="dimmed">
          {plural(card.daysInStage, "day")} in stage
        </Text>
        <Text size="sm" c="dimmed">
          {card.nextStepDue ? `Next step due ${formatDate(card.nextStepDue)}` : "No open next step"}
        </Text>
        {canMove && next ? (
          <Button
            ref={button}
            size="xs"
            variant="light"
            mt={4}
            rightSection={<IconArrowRight size={14} />}
            aria-label={`Move to ${next}: ${card.name}`}
            onClick={() => onMove(card, next)}
          >
            Move to {next}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * A column: its count and first BOARD_PAGE cards from the board, then "Show more" asks for the column alone
 * with a larger limit (ADR 078), up to BOARD_COLUMN_MAX, and the keyboard goes to the first card it added.
 * `focusId`/`focusStage`: the card just moved, so that the keyboard keeps its place; when it lands past
 * the cards shown, the column's heading takes focus (and `onFocusTaken` clears the target, so that the
 * card does not take it back once Show more reaches it).
 */
function Column({
  campaignId,
  manager,
  column,
  canMove,
  focusId,
  focusStage,
  settled,
  onMove,
  onFocusTaken,
}: {
  campaignId: string;
  manager: string | null;
  column: Board["columns"][number];
  canMove: boolean;
  focusId: string | null;
  focusStage: BoardColumn | null;
  settled: boolean;
  onMove: (card: BoardCard, to: BoardColumn) => void;
  onFocusTaken: () => void;
}) {
  const id = `board-column-${slug(column.stage)}`;
  const [limit, setLimit] = useState(BOARD_PAGE);
  const more = useBoardColumn(campaignId, manager, column.stage, limit);
  // Past the first page the column's own answer; until it comes, the board's first cards stay.
  const shown = limit > BOARD_PAGE && more.data ? more.data : column;
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHere = focusStage === column.stage && focusId !== null;
  const focusShown = focusHere && shown.cards.some((c) => c.donorId === focusId);
  useEffect(() => {
    if (!settled || !focusHere || focusShown) return;
    heading.current?.focus();
    onFocusTaken();
  }, [settled, focusHere, focusShown, onFocusTaken]);
  // After Show more: the first card it added (the button may be gone with the last page).
  const list = useRef<HTMLDivElement>(null); // Mantine types a Stack's ref as a div, whatever its component
  const [firstNew, setFirstNew] = useState<number | null>(null);
  useEffect(() => {
    if (firstNew === null || shown.cards.length <= firstNew) return;
    list.current?.querySelectorAll<HTMLElement>("[data-testid=board-card] a")[firstNew]?.focus();
    setFirstNew(null);
  }, [firstNew, shown.cards.length]);
  const remaining = shown.count - shown.cards.length;
  const next = Math.min(BOARD_PAGE, remaining, BOARD_COLUMN_MAX - shown.cards.length);
  return (
    <Box
      component="section"
      aria-labelledby={id}
      data-testid="board-column"
      data-stage={column.stage}
      w={{ base: "100%", sm: 260 }}
      style={{ flex: "0 0 auto" }}
      bg="var(--mantine-color-gray-light)"
      p="sm"
    >
      <Title order={2} size="h5" id={id} mb="xs" ref={heading} tabIndex={-1}>
        {column.stage} ({shown.count})
      </Title>
      {shown.cards.length === 0 ? (
        <Text size="sm" c="dimmed">
          No donors here.
        </Text>
      ) : (
        <Stack component="ul" ref={list} gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
          {shown.cards.map((c) => (
            <BoardCardView key={c.donorId} card={c} canMove={canMove} focus={c.donorId === focusId} onMove={onMove} />
          ))}
        </Stack>
      )}
      {remaining > 0 ? (
        <Stack gap={4} mt="xs">
          <Text size="xs" c="dimmed">
            Showing {formatNumber(shown.cards.length)} of {formatNumber(shown.count)}, the highest capacity first.
          </Text>
          {next > 0 ? (
            <Button
              size="xs"
              variant="subtle"
              loading={more.isFetching}
              aria-label={`Show ${next} more in ${column.stage}`}
              onClick={() => {
                setFirstNew(shown.cards.length);
                setLimit(shown.cards.length + next);
              }}
            >
              Show {next} more
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              A column shows at most {formatNumber(BOARD_COLUMN_MAX)} cards: choose a relationship manager to see the
              others.
            </Text>
          )}
          {more.isError ? (
            <Text size="xs" c="red" role="alert">
              {errorMessage(more.error, "Failed to load more cards.")}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}

export function PipelineBoardSkeleton() {
  return (
    <Stack>
      <Skeleton height={36} width="40%" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}

/**
 * A campaign's pipeline board (issue 15; docs/RULES.md, Pipeline board): a column per stage and Complete, side by
 * side and scrolling sideways in their own region on a wide screen, stacked on a phone. Moving is a button
 * per card (keyboard first), then a note in a dialog.
 */
export function PipelineBoard({
  campaignId,
  manager,
  onManagerChange,
}: {
  campaignId: string;
  manager: string | null;
  onManagerChange: (value: string | null) => void;
}) {
  const board = useBoard(campaignId, manager);
  const [moving, setMoving] = useState<{ card: BoardCard; to: BoardColumn } | null>(null);
  // The card just moved (or whose move was cancelled) and the column it is in now.
  const [focus, setFocus] = useState<{ donorId: string; stage: BoardColumn } | null>(null);
  const clearFocus = useCallback(() => setFocus(null), []);

  if (board.isPending) return <PipelineBoardSkeleton />;
  if (board.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(board.error, "Failed to load the board.")}
      </Alert>
    );
  const b = board.data;
  const options = [
    { value: "", label: "All managers" },
    ...(b.hasUnassigned || manager === BOARD_UNASSIGNED ? [{ value: BOARD_UNASSIGNED, label: "Unassigned" }] : []),
    ...b.managers.map((m) => ({ value: m.id, label: m.name ?? m.email })),
  ];
  const total = b.columns.reduce((n, c) => n + c.count, 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Anchor component={Link} to="/campaigns" size="sm">
            All campaigns
          </Anchor>
          <Title order={1}>{b.campaign.name}: pipeline board</Title>
          <Text size="sm" c="dimmed">
            {plural(total, "donor")}
          </Text>
        </div>
        <Select
          label="Relationship manager"
          data={options}
          value={manager ?? ""}
          onChange={(v) => onManagerChange(v ? v : null)}
          allowDeselect={false}
          w={{ base: "100%", xs: 260 }}
        />
      </Group>
      {b.campaign.isArchived ? (
        <Alert color="gray" title="Archived campaign">
          This campaign is archived: its cards can&apos;t be moved.{" "}
          <Badge color="gray" variant="light">
            Archived
          </Badge>
        </Alert>
      ) : null}
      <Flex
        role="region"
        aria-label="Pipeline board"
        tabIndex={0}
        direction={{ base: "column", sm: "row" }}
        gap="sm"
        align={{ base: "stretch", sm: "flex-start" }}
        style={{ overflowX: "auto" }}
        pb="xs"
      >
        {b.columns.map((c) => (
          <Column
            // A new filter starts each column at its first page again.
            key={`${c.stage}:${manager ?? ""}`}
            campaignId={campaignId}
            manager={manager}
            column={c}
            canMove={b.permissions.move}
            focusId={focus?.donorId ?? null}
            focusStage={focus?.stage ?? null}
            settled={!board.isFetching}
            onMove={(card, to) => {
              setFocus(null);
              setMoving({ card, to });
            }}
            onFocusTaken={clearFocus}
          />
        ))}
      </Flex>
      {moving ? (
        <MoveCardModal
          campaignId={campaignId}
          card={moving.card}
          to={moving.to}
          onClose={() => {
            setFocus({ donorId: moving.card.donorId, stage: moving.card.stage });
            setMoving(null);
          }}
          onMoved={(donorId) => {
            setMoving(null);
            setFocus({ donorId, stage: moving.to });
          }}
        />
      ) : null}
    </Stack>
  );
}
