import { useState } from "react";
import { Anchor, Text } from "@mantine/core";
import { TEXT_TRUNCATE_AT, truncateText } from "@cultivate/shared";

/**
 * AI output and timeline text: longer than 100 characters, it is cut (truncateText) with a Read more /
 * Show less toggle (docs/RULES.md, Display formats). `testId` names the whole block, toggle included.
 */
export function ExpandableText({ text, testId }: { text: string; testId?: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > TEXT_TRUNCATE_AT;
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid={testId}>
      <span data-testid="expandable-text">{open || !long ? text : truncateText(text)}</span>{" "}
      {long ? (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen((o) => !o)}>
          {open ? "Show less" : "Read more"}
        </Anchor>
      ) : null}
    </Text>
  );
}
