import { z } from "zod";

/** Every error body: `{ error, message }` (machine code, human sentence). */
export const errorSchema = z.object({ error: z.string(), message: z.string() });
export const okSchema = z.object({ ok: z.literal(true) });
