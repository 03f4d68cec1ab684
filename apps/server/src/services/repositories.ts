import type { CursorReader, Db } from "../db/client.ts";
import { actionRepository } from "./activity/repository.ts";
import { aiSettingRepository, promptRepository } from "./ai-settings/repository.ts";
import { calendarFeedRepository } from "./calendar/repository.ts";
import { contactReportRepository } from "./contact-reports/repository.ts";
import { boardRepository } from "./campaigns/board-repository.ts";
import { campaignRepository } from "./campaigns/repository.ts";
import { dashboardRepository } from "./dashboards/repository.ts";
import { donorGroupRepository } from "./donor-groups/repository.ts";
import { importBatchRepository } from "./donors/import-batches.ts";
import { donorRepository } from "./donors/repository.ts";
import { nextStepRepository } from "./next-steps/repository.ts";
import { onboardingRepository } from "./onboarding/repository.ts";
import { organizationRepository } from "./organizations/repository.ts";
import { outboxRepository } from "./outbox/repository.ts";
import { platformRepository } from "./platform/repository.ts";
import { stageRepository } from "./stages/repository.ts";
import { issueRepository } from "./support/repository.ts";
import { todayRepository } from "./today/repository.ts";
import { digestRepository } from "./today/digest-repository.ts";
import { userRepository } from "./users/repository.ts";

/**
 * The repositories behind the routes, built once on the app's database and decorated as `app.repos`
 * (docs/decisions/031-repositories-on-the-app.md). Tenant data is read and written by organisation id;
 * each method takes an optional transaction as its last argument.
 */
export function createRepositories(db: Db, readCursor?: CursorReader) {
  return {
    organizations: organizationRepository(db),
    campaigns: campaignRepository(db),
    board: boardRepository(db),
    donors: donorRepository(db, readCursor),
    donorGroups: donorGroupRepository(db),
    importBatches: importBatchRepository(db),
    stages: stageRepository(db),
    aiSettings: aiSettingRepository(db),
    prompts: promptRepository(db),
    issues: issueRepository(db),
    users: userRepository(db),
    dashboards: dashboardRepository(db),
    actions: actionRepository(db),
    nextSteps: nextStepRepository(db),
    calendarFeeds: calendarFeedRepository(db),
    onboarding: onboardingRepository(db),
    platform: platformRepository(db),
    outbox: outboxRepository(db),
    contactReports: contactReportRepository(db),
    today: todayRepository(db),
    digests: digestRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
