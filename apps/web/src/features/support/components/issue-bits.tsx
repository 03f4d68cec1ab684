import { Badge, ThemeIcon } from "@mantine/core";
import { IconBug, IconBulb, IconDatabaseExclamation } from "@tabler/icons-react";
import {
  formatDateTime as formatMoment,
  ISSUE_STATUS_LABELS,
  ISSUE_TYPE_LABELS,
  type IssueStatus,
  type IssueType,
} from "@cultivate/shared";

const TYPE_STYLE: Record<IssueType, { color: string; Icon: typeof IconBug }> = {
  bug: { color: "red", Icon: IconBug },
  data_error: { color: "orange", Icon: IconDatabaseExclamation },
  feature_request: { color: "blue", Icon: IconBulb },
};

export function IssueTypeIcon({ type, size = 36 }: { type: IssueType; size?: number }) {
  const { color, Icon } = TYPE_STYLE[type];
  return (
    <ThemeIcon color={color} variant="light" size={size} radius="md" aria-label={ISSUE_TYPE_LABELS[type]} role="img">
      <Icon size={Math.round(size * 0.6)} />
    </ThemeIcon>
  );
}

const STATUS_COLOR: Record<IssueStatus, string> = { pending: "yellow", active: "blue", resolved: "green" };

export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="issue-status">
      {ISSUE_STATUS_LABELS[status]}
    </Badge>
  );
}

export const formatDateTime = (value: string | null | undefined) => (value ? formatMoment(value) : "—");
