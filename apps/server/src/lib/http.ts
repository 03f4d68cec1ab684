import { Readable } from "node:stream";

/** The error and ok envelopes are contracts shared with the browser (packages/shared/src/contracts/common.ts). */
export { errorSchema, okSchema } from "@cultivate/shared";

/**
 * A CSV download's stream, with its first `chunks` chunks (the header and the first batch the database
 * answered) read before the reply starts: an error there, such as a filter the database refuses, becomes a
 * JSON error instead of a 200 that stops after the header line.
 */
export async function prefetchedStream(source: AsyncIterable<string>, chunks = 2): Promise<Readable> {
  const it = source[Symbol.asyncIterator]();
  const head: string[] = [];
  let done = false;
  while (head.length < chunks) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
  }
  return Readable.from(
    (async function* () {
      try {
        yield* head;
        if (done) return;
        for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
        done = true;
      } finally {
        // The client went away mid-download: the source ends too (an export's cursor gives back its connection).
        if (!done) await it.return?.();
      }
    })(),
  );
}
