import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { appSettings, stagePrompts, stagePromptVersions } from "../../db/schema.ts";

const providerRowQuery = prepared((db) =>
  db.select().from(appSettings).where(eq(appSettings.id, 1)).prepare("cultivate_ai_provider_row"),
);
const currentPromptQuery = prepared((db) =>
  db
    .select()
    .from(stagePrompts)
    .where(eq(stagePrompts.stageName, sql.placeholder("stage")))
    .prepare("cultivate_current_prompt"),
);

/**
 * The platform-wide AI settings: the provider row and the stage prompts with their versions. These belong
 * to no organisation (docs/RULES.md, AI provider; Prompts), so, unlike the tenant repositories, no
 * organisation id is taken.
 */
export function aiSettingRepository(db: Db) {
  return {
    async providerRow(tx: DbOrTx = db) {
      const [row] = await providerRowQuery(tx).execute();
      return row ?? null;
    },
    async setProvider(provider: string, userId: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(appSettings)
        .values({ id: 1, aiProvider: provider, updatedBy: userId })
        .onConflictDoUpdate({
          target: appSettings.id,
          set: { aiProvider: provider, updatedBy: userId, updatedAt: new Date() },
        });
    },
  };
}
export type AiSettingRepository = ReturnType<typeof aiSettingRepository>;

export function promptRepository(db: Db) {
  return {
    /** The current prompt of a stage, or null when none was ever saved. */
    async current(stage: string, tx: DbOrTx = db) {
      const [row] = await currentPromptQuery(tx).execute({ stage });
      return row ?? null;
    },
    /** When a person (not the seed) last saved a version of the stage's prompt. */
    async lastEditedAt(stage: string, tx: DbOrTx = db): Promise<Date | null> {
      const [latestEdit] = await tx
        .select({ editedAt: stagePromptVersions.editedAt })
        .from(stagePromptVersions)
        .where(and(eq(stagePromptVersions.stageName, stage), sql`${stagePromptVersions.editedBy} is not null`))
        .orderBy(desc(stagePromptVersions.version))
        .limit(1);
      return latestEdit?.editedAt ?? null;
    },
    async versionCount(stage: string, tx: DbOrTx = db): Promise<number> {
      const [{ count }] = (await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(stagePromptVersions)
        .where(eq(stagePromptVersions.stageName, stage))) as [{ count: number }];
      return count;
    },
    /** The stage's versions, newest first (`limit` of them when given). */
    versions(stage: string, limit?: number, tx: DbOrTx = db) {
      const q = tx
        .select()
        .from(stagePromptVersions)
        .where(eq(stagePromptVersions.stageName, stage))
        .orderBy(desc(stagePromptVersions.version));
      return limit === undefined ? q : q.limit(limit);
    },
    /** Adds a version and makes it current, in one transaction (docs/RULES.md, Prompts). */
    async saveVersion(stage: string, promptText: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [{ next }] = (await tx
          .select({ next: sql<number>`coalesce(max(${stagePromptVersions.version}), 0)::int + 1` })
          .from(stagePromptVersions)
          .where(eq(stagePromptVersions.stageName, stage))) as [{ next: number }];
        await tx.insert(stagePromptVersions).values({ stageName: stage, version: next, promptText, editedBy: userId });
        await tx
          .insert(stagePrompts)
          .values({ stageName: stage, promptText, version: next, updatedBy: userId })
          .onConflictDoUpdate({
            target: stagePrompts.stageName,
            set: { promptText, version: next, updatedBy: userId, updatedAt: new Date() },
          });
      });
    },
  };
}
export type PromptRepository = ReturnType<typeof promptRepository>;
