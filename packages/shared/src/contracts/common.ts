import { z } from "zod";

/** Every error body: `{ error, message }` (machine code, human sentence). */
export const errorSchema = z.object({ error: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof errorSchema>;
export const okSchema = z.object({ ok: z.literal(true) });
/** A 204 answer: no body. */
export const noContentSchema = z.null();
/** A CSV download (documented in OpenAPI; the body is streamed, never serialised). */
export const csvSchema = z.string().describe("CSV");
/** A done answer with the sentence to show (a deletion, a link turned off). */
export const messageSchema = z.object({ message: z.string() });
