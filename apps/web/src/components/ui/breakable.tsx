import { Fragment } from "react";

/**
 * An email address (or any text with `@` and `.`) that a narrow column may wrap after its `@` and dots
 * ("manager@ / demo.cultivate. / local") rather than in the middle of a word.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
