import { useState } from "react";
import { Anchor, Text } from "@mantine/core";
import { TEXT_TRUNCATE_AT, truncateText } from "@cultivate/shared";

/** Text longer than 100 characters is cut with "..." and a Read more / Show less toggle (docs/RULES.md, Display formats). */
export function ExpandableText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > TEXT_TRUNCATE_AT;
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
      <span data-testid="expandable-text">{open || !long ? text : truncateText(text)}</span>{" "}
      {long ? (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen((o) => !o)}>
          {open ? "Show less" : "Read more"}
        </Anchor>
      ) : null}
    </Text>
  );
}
