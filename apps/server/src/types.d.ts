import type { AppConfig } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { Auth } from "./auth/auth.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Actor } from "./policy/actor.ts";
import type { ActivityRecorder } from "./activity/recorder.ts";
import type { AiRegistry } from "./ai/registry.ts";
import type { Repositories } from "./services/repositories.ts";
import type { DonorImportJobs } from "./services/donors/import/index.ts";
import type { JobQueue } from "./jobs/queue.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    auth: Auth;
    mailer: Mailer;
    /** The activity log (queued, written in batches off the request path). */
    activity: ActivityRecorder;
    /** AI providers (OpenAI, GPT-5, Claude, offline) built from the environment. */
    ai: AiRegistry;
    /** The repositories behind the routes (services/repositories.ts). */
    repos: Repositories;
    /** Background donor imports and undos: resumed at start-up, stopped at shutdown. */
    donorImportJobs: DonorImportJobs;
    /** Background jobs in the database (jobs/queue.ts). */
    jobs: JobQueue;
    /** The signed-in user of a request (memoised per request), or null. */
    getActor: (request: FastifyRequest) => Promise<Actor | null>;
  }
  interface FastifyRequest {
    actorPromise: Promise<Actor | null> | null;
  }
}
