import { useState } from "react";
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { BOARD_NOTE_MAX, boardMoveInputSchema, type BoardCard, type BoardColumn } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useMoveCard } from "../api/board";

/**
 * The dialog a move asks for its short note (issue 15): a person's stage record says what happened. The
 * server's refusal (someone moved the card meanwhile, the campaign was archived) is shown as it is sent.
 */
export function MoveCardModal({
  campaignId,
  card,
  to,
  onClose,
  onMoved,
}: {
  campaignId: string;
  card: BoardCard;
  to: BoardColumn;
  onClose: () => void;
  onMoved: (donorId: string) => void;
}) {
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const move = useMoveCard(campaignId);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const parsed = boardMoveInputSchema.safeParse({ donorId: card.donorId, toStage: to, note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setNoteError(null);
    move.mutate(parsed.data, {
      onSuccess: (res) => {
        notify.success(res.message);
        onMoved(card.donorId);
      },
      onError: (err) => setRefusal(errorMessage(err, "The card could not be moved. Please try again.")),
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Move ${card.name} to ${to}`} returnFocus={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Moving the card records {card.stage} as done by you, without AI, so the donor&apos;s history stays true.
          </Text>
          <Textarea
            label="Note"
            description="What happened, in a sentence or two."
            required
            autosize
            minRows={3}
            maxLength={BOARD_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={noteError}
            data-autofocus
          />
          {refusal ? (
            <Alert color="red" role="alert" title="Not moved">
              {refusal}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={move.isPending}>
              Move to {to}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
