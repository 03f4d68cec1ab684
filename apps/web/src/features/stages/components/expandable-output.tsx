import { useState } from "react";
import { Anchor, Text } from "@mantine/core";

/** docs/RULES.md, Display formats: AI output is cut at 100 characters with "..." and a Read more / Show less toggle. */
const LIMIT = 100;

export function ExpandableOutput({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > LIMIT;
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="stage-output">
      {open || !long ? text : `${text.slice(0, LIMIT)}...`}{" "}
      {long ? (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen((o) => !o)}>
          {open ? "Show less" : "Read more"}
        </Anchor>
      ) : null}
    </Text>
  );
}
