import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { campaignGoals, campaigns, donors, organizations } from "../../db/schema.ts";
import type { Actor } from "../../policy/actor.ts";
import { campaignVisibility, donorCampaignVisibility } from "./visibility.ts";

const donorCount = sql<number>`(SELECT count(*)::int FROM ${campaignGoals} WHERE ${campaignGoals.campaignId} = ${campaigns.id})`;
const campaignColumns = {
  id: campaigns.id,
  name: campaigns.name,
  goal: campaigns.goal,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  details: campaigns.details,
  officeInfo: campaigns.officeInfo,
  isArchived: campaigns.isArchived,
  organizationId: campaigns.organizationId,
  organizationName: organizations.name,
  ownerUserId: campaigns.ownerUserId,
  createdAt: campaigns.createdAt,
  donorCount,
};

const goalQuery = prepared((db) =>
  db
    .select({ goalText: campaignGoals.goalText })
    .from(campaignGoals)
    .where(
      and(
        eq(campaignGoals.campaignId, sql.placeholder("campaignId")),
        eq(campaignGoals.donorId, sql.placeholder("donorId")),
        eq(campaignGoals.organizationId, sql.placeholder("organizationId")),
      ),
    )
    .prepare("cultivate_campaign_goal"),
);

export type CampaignFields = Omit<
  typeof campaigns.$inferInsert,
  "id" | "organizationId" | "ownerUserId" | "createdAt" | "updatedAt"
>;

/**
 * Campaign queries. Reads start from `campaignVisibility` (the actor's organisation, or the one an admin
 * names; an own-campaigns officer's own); writes name the organisation of the campaign.
 */
export function campaignRepository(db: Db) {
  const select = (tx: DbOrTx, where: SQL | undefined) =>
    tx
      .select(campaignColumns)
      .from(campaigns)
      .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
      .where(where);

  return {
    /**
     * One page of the campaigns the actor may see: active ones first, then archived ones when asked,
     * each newest first (ties by id, so pages never overlap).
     */
    page(
      actor: Actor,
      options: { organizationId?: string; includeArchived: boolean; offset: number; limit: number },
      tx: DbOrTx = db,
    ) {
      const conditions = campaignVisibility(actor, options.organizationId);
      if (!options.includeArchived) conditions.push(eq(campaigns.isArchived, false));
      return select(tx, and(...conditions))
        .orderBy(asc(campaigns.isArchived), desc(campaigns.createdAt), desc(campaigns.id))
        .offset(options.offset)
        .limit(options.limit);
    },

    /** How many campaigns the actor may see, active and archived, in one statement. */
    async counts(actor: Actor, organizationId: string | undefined, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          active: sql<number>`count(*) FILTER (WHERE NOT ${campaigns.isArchived})::int`,
          archived: sql<number>`count(*) FILTER (WHERE ${campaigns.isArchived})::int`,
        })
        .from(campaigns)
        .where(and(...campaignVisibility(actor, organizationId)));
      return { active: Number(row?.active ?? 0), archived: Number(row?.archived ?? 0) };
    },

    /** One campaign the actor may see, or null (another organisation's, or an officer's colleague's). */
    async findVisible(actor: Actor, id: string, tx: DbOrTx = db) {
      const [row] = await select(tx, and(eq(campaigns.id, id), ...campaignVisibility(actor)));
      return row ?? null;
    },

    async insert(
      organizationId: string,
      ownerUserId: string,
      fields: CampaignFields,
      tx: DbOrTx = db,
    ): Promise<{ id: string }> {
      const [row] = await tx
        .insert(campaigns)
        .values({ ...fields, organizationId, ownerUserId })
        .returning({ id: campaigns.id });
      return row!;
    },

    async update(organizationId: string, id: string, patch: Partial<CampaignFields>, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(campaigns)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(campaigns.id, id), eq(campaigns.organizationId, organizationId)));
    },

    /** Deletes the campaign; its goals go with it (stage records keep their history). */
    async remove(organizationId: string, id: string, tx: DbOrTx = db): Promise<void> {
      await tx.delete(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.organizationId, organizationId)));
    },

    /** One page of the donors with a goal in the campaign, by name, and how many there are in all. */
    async donorsOf(
      organizationId: string,
      campaignId: string,
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      const inCampaign = and(eq(campaignGoals.campaignId, campaignId), eq(donors.organizationId, organizationId));
      const [{ total }] = (await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(campaignGoals)
        .innerJoin(donors, eq(donors.id, campaignGoals.donorId))
        .where(inCampaign)) as [{ total: number }];
      const rows = await tx
        .select({
          id: donors.id,
          firstName: donors.firstName,
          lastName: donors.lastName,
          email: donors.email,
          dsRating: donors.dsRating,
          estimatedCapacity: donors.estimatedCapacity,
          totalGiftAmount: donors.totalGiftAmount,
          numberOfGifts: donors.numberOfGifts,
          goalText: campaignGoals.goalText,
        })
        .from(campaignGoals)
        .innerJoin(donors, eq(donors.id, campaignGoals.donorId))
        .where(inCampaign)
        .orderBy(donors.lastNameKey, donors.firstNameKey, donors.id)
        .limit(page.limit)
        .offset(page.offset);
      return {
        total,
        donors: rows.map((r) => ({
          ...r,
          estimatedCapacity: r.estimatedCapacity === null ? null : Number(r.estimatedCapacity),
          totalGiftAmount: r.totalGiftAmount === null ? null : Number(r.totalGiftAmount),
        })),
      };
    },

    /**
     * A campaign for work on a donor of `donorOrganizationId`, if the actor may use it there
     * (donorCampaignVisibility), archived or not; null otherwise.
     */
    async findForDonorWork(
      actor: Actor,
      donorOrganizationId: string,
      campaignId: string,
      tx: DbOrTx = db,
    ): Promise<{ id: string; name: string; goal: string | null; isArchived: boolean } | null> {
      const [row] = await tx
        .select({ id: campaigns.id, name: campaigns.name, goal: campaigns.goal, isArchived: campaigns.isArchived })
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), ...donorCampaignVisibility(actor, donorOrganizationId)));
      return row ?? null;
    },

    /**
     * The open campaigns the actor may use for a donor of `donorOrganizationId` (donorCampaignVisibility),
     * newest first, and the donor's goals in them.
     */
    async openForDonor(actor: Actor, donorOrganizationId: string, donorId: string, tx: DbOrTx = db) {
      const visible = donorCampaignVisibility(actor, donorOrganizationId);
      return Promise.all([
        tx
          .select({ id: campaigns.id, name: campaigns.name, goal: campaigns.goal })
          .from(campaigns)
          .where(and(...visible, eq(campaigns.isArchived, false)))
          .orderBy(desc(campaigns.createdAt)),
        // Goals only of the campaigns listed: an own-campaigns officer sees none of a colleague's.
        tx
          .select({ campaignId: campaignGoals.campaignId, goalText: campaignGoals.goalText })
          .from(campaignGoals)
          .innerJoin(campaigns, eq(campaigns.id, campaignGoals.campaignId))
          .where(and(eq(campaignGoals.donorId, donorId), ...visible, eq(campaigns.isArchived, false))),
      ]);
    },

    /** The donor's goal text in a campaign, or null. */
    async goalOf(organizationId: string, campaignId: string, donorId: string, tx: DbOrTx = db): Promise<string | null> {
      const [goal] = await goalQuery(tx).execute({ organizationId, campaignId, donorId });
      return goal?.goalText ?? null;
    },

    /** Sets the donor's goal text (adding the donor to the campaign). */
    async setGoal(
      organizationId: string,
      campaignId: string,
      donorId: string,
      goalText: string,
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx
        .insert(campaignGoals)
        .values({ campaignId, donorId, organizationId, goalText })
        .onConflictDoUpdate({
          target: [campaignGoals.campaignId, campaignGoals.donorId],
          set: { goalText, updatedAt: new Date() },
        });
    },
  };
}
export type CampaignRepository = ReturnType<typeof campaignRepository>;
