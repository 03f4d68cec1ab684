import { z } from "zod";

/** GET /api/health */
export const healthSchema = z.object({ ok: z.boolean(), database: z.string() });
