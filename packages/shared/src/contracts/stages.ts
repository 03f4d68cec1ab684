import { z } from "zod";
import { stageRecommendationSchema } from "../campaigns.ts";

/** /api/donors/{id}/campaign-goals/{campaignId} */
export const campaignGoalParamsSchema = z.object({ id: z.string(), campaignId: z.uuid() });
/** The saved goal. */
export const campaignGoalSchema = z.object({ campaignId: z.string(), goalText: z.string() });
/** DELETE /api/donors/{id}/stages */
export const stagesResetResultSchema = z.object({ deleted: z.number() });

/** Lines of the NDJSON stream answered by POST /api/donors/{id}/stages/generate. */
export const stageStreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), provider: z.string(), model: z.string() }),
  z.object({ type: z.literal("token"), text: z.string() }),
  z.object({ type: z.literal("done"), record: stageRecommendationSchema }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type StageStreamEvent = z.infer<typeof stageStreamEventSchema>;

export const STAGE_STREAM_UNREADABLE_MESSAGE = "The server sent an unreadable answer.";

/** One event as the server writes it: checked against the schema, then one JSON line. */
export const encodeStageStreamEvent = (event: StageStreamEvent): string =>
  `${JSON.stringify(stageStreamEventSchema.parse(event))}\n`;

/** One line as the browser reads it; anything the schema refuses becomes an error event. */
export function decodeStageStreamEvent(line: string): StageStreamEvent {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { type: "error", message: STAGE_STREAM_UNREADABLE_MESSAGE };
  }
  const parsed = stageStreamEventSchema.safeParse(value);
  return parsed.success ? parsed.data : { type: "error", message: STAGE_STREAM_UNREADABLE_MESSAGE };
}
