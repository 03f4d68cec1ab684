import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import crypto from "node:crypto";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { UNEXPECTED_ERROR_MESSAGE } from "@cultivate/shared";
import type { AppConfig } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import { systemKv } from "./db/schema.ts";
import { createAuth } from "./auth/auth.ts";
import { authRoutes } from "./auth/routes.ts";
import { getCookies } from "better-auth/cookies";
import { resolveActor } from "./auth/session.ts";
import { registerSameOriginGuard } from "./auth/origin.ts";
import { HttpError } from "./lib/errors.ts";
import { databaseErrorOf, httpErrorOfDatabase } from "./lib/db-errors.ts";
import { registerInputGuard } from "./lib/input-guard.ts";
import { databaseRateLimitStore } from "./lib/rate-limit-store.ts";
import { sweepLimitWindows } from "./lib/limits.ts";
import { Mailer } from "./mail/mailer.ts";
import { ActivityRecorder } from "./activity/recorder.ts";
import { createAiRegistry } from "./ai/registry.ts";
import { createRepositories } from "./services/repositories.ts";
import { HOUSEKEEPING_QUEUE, JobQueue, type QueueOptions } from "./jobs/queue.ts";
import { DonorImportJobs, importSpoolDir } from "./services/donors/import/index.ts";
import { registerSignInGate } from "./routes/api/auth-gate.ts";
import { meRoutes } from "./routes/api/me.ts";
import { onboardingRoutes } from "./routes/api/onboarding.ts";
import { testEmailRoutes } from "./routes/api/test-email.ts";
import { boardRoutes } from "./routes/api/campaigns/board.ts";
import { campaignRoutes } from "./routes/api/campaigns/index.ts";
import { aiSettingsRoutes } from "./routes/api/ai-settings.ts";
import { stageRoutes } from "./routes/api/stages.ts";
import { generatePromptRoutes } from "./routes/api/generate-prompt.ts";
import { issueRoutes } from "./routes/api/issues/index.ts";
import { nextStepRoutes } from "./routes/api/next-steps.ts";
import { calendarRoutes } from "./routes/api/calendar.ts";
import { todayRoutes } from "./routes/api/today.ts";
import { pruneOutbox } from "./services/outbox/service.ts";
import { refreshStaleStatistics } from "./db/statistics.ts";
import { sendDueDigests } from "./services/today/digest.ts";
import { actionRoutes } from "./routes/api/actions/index.ts";
import { functionRoutes } from "./routes/api/functions/index.ts";
import { adminRoutes } from "./routes/api/admin/index.ts";
import { donorRoutes } from "./routes/api/donors/index.ts";

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export type BuildOptions = {
  config: AppConfig;
  database: Database;
  /** Tests: a quicker queue (polling, expiry of a dead server's jobs). */
  jobQueueOptions?: QueueOptions;
  /** Tests: where the log's JSON lines go instead of stdout (a test reads what the server logged). */
  logStream?: { write(line: string): void };
};

/**
 * The app as a plugin tree in a fixed order: external plugins (security headers, rate
 * limits, OpenAPI), app services (mailer, auth, session), then routes, then the SPA.
 */
export async function buildApp({
  config,
  database,
  jobQueueOptions,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.cookie", "req.headers.authorization"],
            ...(logStream ? { stream: logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Addresses the router refuses (a path parameter over 100 characters, bad percent-encoding): `{ error, message }` too.
    frameworkErrors: (error, _request, res) => {
      const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
      const reply = res as unknown as { code: (n: number) => { send: (body: unknown) => unknown } };
      return reply.code(tooLong ? 414 : 400).send({
        error: tooLong ? "uri_too_long" : "bad_request",
        message: tooLong ? "A part of the address is too long." : "The address is not valid.",
      });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);

  // ---- external plugins ----
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.appUrl.startsWith("https://") ? [] : null,
      },
    },
    hsts: config.appUrl.startsWith("https://"),
  });
  await app.register(rateLimit, {
    global: true,
    max: config.apiRateLimit,
    timeWindow: "1 minute",
    // Counted in the database: every app server on it shares the count (ADR 040).
    store: databaseRateLimitStore(database.db),
    allowList: (request) => !request.url.startsWith("/api/"),
    // A client that has already gone has no address (req.ip is undefined): count it under one key
    // instead of letting the plugin fail on the request nobody is waiting for.
    keyGenerator: (request) => request.ip ?? "unknown-client",
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: "too_many_requests",
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
  // Cross-site request forgery: state-changing /api requests only from our own pages (auth/origin.ts).
  registerSameOriginGuard(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Cultivate API",
        version: "1.0.0",
        description: "REST API of Cultivate. Errors are `{ error, message }`.",
      },
      tags: [
        { name: "auth", description: "Sign-up, sign-in, sign-out, password reset (better-auth)" },
        { name: "account", description: "The signed-in user" },
        { name: "public", description: "No sign-in needed" },
        { name: "support", description: "Support issues (any signed-in user)" },
        { name: "activity", description: "Activity tracking and the action history" },
        { name: "administration", description: "User management, organisations, dashboards" },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  app.setErrorHandler((error: FastifyError & { error?: string }, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ error: "validation_error", message: first?.message ?? "Invalid request." });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.code, message: error.message });
    }
    // A value the database refused that validation let through: one sentence to the user, the rest to the log.
    const dbError = databaseErrorOf(error);
    const mapped = dbError && httpErrorOfDatabase(dbError.code);
    if (mapped) {
      request.log.error({ err: error, sqlState: dbError.code }, "the database refused a value of the request");
      return reply.code(mapped.statusCode).send({ error: mapped.code, message: mapped.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.code(500).send({ error: "internal_error", message: UNEXPECTED_ERROR_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.code(413).send({ error: "payload_too_large", message: "The request body is too large." });
    }
    if (status < 500) {
      return reply
        .code(status)
        .send({ error: error.error ?? error.code?.toLowerCase() ?? "bad_request", message: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ error: "internal_error", message: UNEXPECTED_ERROR_MESSAGE });
  });

  // NUL, unpaired surrogates and deep nesting are refused under /api before any route sees them.
  registerInputGuard(app);

  // ---- app services ----
  // Background work lives in the database's job queue (docs/decisions/042-job-queue.md).
  const queue = new JobQueue(database.sql, app.log, { expireInSeconds: 60, ...jobQueueOptions });
  app.decorate("jobs", queue);
  const mailer = new Mailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log, queue);
  app.decorate("mailer", mailer);
  const secret = config.authSecret ?? (await instanceSecret(database.db));
  const auth = createAuth({ db: database.db, config, secret, mailer, log: app.log });
  app.decorate("auth", auth);
  app.decorateRequest("actorPromise", null);
  const sessionCookie = { name: getCookies(auth.options).sessionToken.name, secret };
  app.decorate("getActor", (request) => {
    request.actorPromise ??= resolveActor(database.db, sessionCookie, request);
    return request.actorPromise;
  });
  const activity = new ActivityRecorder(database.db, app.log);
  app.decorate("activity", activity);
  app.decorate("ai", createAiRegistry(config.ai));
  app.decorate("repos", createRepositories(database.db, database.readCursor));
  const donorImportJobs = new DonorImportJobs(
    database.db,
    app.log,
    importSpoolDir(config.dataDir),
    queue,
    database.tryLock,
    database.kind === "pglite",
    config.importSliceMs,
    database.quiet,
  );
  app.decorate("donorImportJobs", donorImportJobs);
  // Once a minute, on one of the servers sharing the database (ADR 047): mail that has no job of its own,
  // the limits' ended windows, the weekly digests whose time has come (ADR 049), the donor count rows
  // folded (ADR 051) and the outbox's old finished mail removed (ADR 073).
  queue.every(HOUSEKEEPING_QUEUE, "* * * * *", async () => {
    await Promise.all([
      mailer.drain(),
      sweepLimitWindows(database.db),
      sendDueDigests(app),
      app.repos.donors.foldCounts(),
      pruneOutbox(app),
      // PostgreSQL's autovacuum keeps the planner's statistics; PGlite has none (db/statistics.ts).
      database.kind === "pglite"
        ? refreshStaleStatistics(database.db).then(
            (table) => table && app.log.info({ table }, "planner statistics refreshed (PGlite)"),
            (err: unknown) => app.log.warn({ err }, "refreshing planner statistics failed"),
          )
        : null,
    ]);
  });
  app.addHook("onClose", async () => {
    await mailer.stop();
    await activity.close();
  });
  // In a child scope: the queue (imports, undos, mail, the sweeps) stops before the mailer closes its
  // transport and the activity log flushes (child onClose hooks run before the root's).
  await app.register(async (jobs) => {
    jobs.addHook("onReady", async () => {
      await queue.start();
      await donorImportJobs.recover();
    });
    jobs.addHook("onClose", async () => {
      donorImportJobs.pause();
      await queue.stop(); // no new jobs; waits for the running ones, which pause after their chunk
      await donorImportJobs.idle();
      await donorImportJobs.close();
    });
  });

  // ---- routes ----
  await app.register(authRoutes, { prefix: "/api/auth" });
  await app.register(
    async (api) => {
      // Every route below needs a session except PUBLIC_ROUTES: 401 before any validation.
      registerSignInGate(api);
      await api.register(meRoutes);
      await api.register(onboardingRoutes);
      await api.register(testEmailRoutes);
      await api.register(issueRoutes);
      await api.register(actionRoutes);
      await api.register(functionRoutes);
      await api.register(adminRoutes);
      await api.register(donorRoutes);
      await api.register(nextStepRoutes);
      await api.register(calendarRoutes);
      await api.register(todayRoutes);
      await api.register(campaignRoutes);
      await api.register(boardRoutes);
      await api.register(aiSettingsRoutes);
      await api.register(stageRoutes);
      await api.register(generatePromptRoutes);
    },
    { prefix: "/api" },
  );

  // ---- the SPA: hashed assets cached for good, index.html for every other page route ----
  const webDist = config.webDist ?? defaultWebDist;
  const hasWeb = fs.existsSync(path.join(webDist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies (apps/web/vite.config.ts): sent to browsers that accept them,
      // compressed once at build time rather than on every request (ADR 039).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header("cache-control", "public, max-age=31536000, immutable");
        // Not hashed, so not for good; but Chromium asks for it again at every change of the address within the
        // page (each filter change), and max-age=0 sent each of those to the server.
        else if (path.basename(filePath) === "favicon.svg") res.header("cache-control", "public, max-age=86400");
      },
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    if (
      request.url.startsWith("/api/") ||
      request.url === "/api" ||
      (request.method !== "GET" && request.method !== "HEAD")
    ) {
      return reply.code(404).send({ error: "not_found", message: "Route not found." });
    }
    if (!hasWeb) {
      return reply
        .code(404)
        .type("text/plain")
        .send("The web app is not built. Run `npm run build` (npm start does it for you).");
    }
    // cacheControl: false keeps this header (the static plugin would replace it with its own max-age).
    return reply.header("cache-control", "no-cache").sendFile("index.html", { cacheControl: false });
  });

  return app;
}

/** A signing secret that survives restarts when AUTH_SECRET is not set: generated once, kept in the database. */
async function instanceSecret(db: Db): Promise<string> {
  const key = "auth_secret";
  await db
    .insert(systemKv)
    .values({ key, value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemKv).where(eq(systemKv.key, key));
  return row!.value;
}
