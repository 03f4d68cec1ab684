import { Readable } from "node:stream";
import { z } from "zod";

/** Every error body: `{ error, message }` (machine code, human sentence). */
export const errorSchema = z.object({ error: z.string(), message: z.string() });
export const okSchema = z.object({ ok: z.literal(true) });

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
      yield* head;
      if (done) return;
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    })(),
  );
}
