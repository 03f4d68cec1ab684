import { z } from "zod";

/** POST /api/test-email */
export const testEmailResultSchema = z.object({ ok: z.literal(true), status: z.enum(["sent", "queued", "stored"]) });
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;
