/**
 * Badge styles for a badge that must show its whole label in a table cell: Mantine cuts a badge's label
 * with an ellipsis when the column is narrow ("EDITED ON SCRE…"); with these the column makes room.
 */
export const UNCLIPPED_BADGE = {
  root: { flexShrink: 0 },
  label: { overflow: "visible", textOverflow: "clip" },
} as const;
