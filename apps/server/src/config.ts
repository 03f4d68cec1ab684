import path from "node:path";
import { z } from "zod";

/** "https://host[:port]" with nothing after it (a trailing slash is tolerated). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") && url.origin === value.replace(/\/$/, "").toLowerCase()
    );
  } catch {
    return false;
  }
}

/** Environment, validated once at start-up so a bad value fails fast with a clear list. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Public URL of the app, used in links inside emails. When set, it is the only origin the API
   * accepts (plus TRUSTED_ORIGINS); when unset, the API accepts the address each page was served from.
   */
  APP_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), { error: "APP_URL must start with http:// or https://" })
    .optional(),
  /** More origins allowed to call the API, comma-separated (e.g. "https://a.example.org,https://b.example.org"). */
  TRUSTED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine(isOrigin, {
          error:
            "each TRUSTED_ORIGINS entry must be an origin such as https://app.example.org (scheme, host and port only)",
        }),
      ),
    )
    .optional(),
  /** Secret for signing cookies and tokens; generated and kept in DATA_DIR when absent. */
  AUTH_SECRET: z.string().min(32).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Cultivate <no-reply@cultivate.local>"),
  SUPPORT_EMAIL: z.string().email().default("support@cultivate.local"),
  /** Days a finished email (sent, stored without SMTP, or failed) stays in the outbox; 0 keeps it forever (ADR 073). */
  OUTBOX_KEEP_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Global API rate limit per IP per minute (sign-in and reset have their own, stricter ones). */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** On SIGTERM, how long requests in flight may take before their connections are cut (ADR 040). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  WEB_DIST: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().default("gpt-4o"),
  GPT5_MODEL: z.string().default("gpt-5"),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  ANTHROPIC_MODEL: z.string().default("claude-3-5-sonnet-latest"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
});

export type AiConfig = {
  openaiApiKey: string | undefined;
  openaiBaseUrl: string | undefined;
  openaiModel: string;
  gpt5Model: string;
  anthropicApiKey: string | undefined;
  anthropicBaseUrl: string | undefined;
  anthropicModel: string;
  timeoutMs: number;
  maxRetries: number;
};

export type AppConfig = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  /** True when APP_URL was given: only it (and trustedOrigins) may call the API. See auth/origin.ts. */
  appUrlExplicit: boolean;
  /** TRUSTED_ORIGINS, normalised origins. */
  trustedOrigins: string[];
  authSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** Days a finished email stays in the outbox; null keeps it forever (ADR 073). */
  outboxKeepDays: number | null;
  logLevel: string;
  apiRateLimit: number;
  trustProxy: boolean;
  shutdownGraceMs: number;
  webDist: string | undefined;
  ai: AiConfig;
  /** How long an import job works before handing the rest of its batch on (jobs.ts); tests shorten it. */
  importSliceMs?: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (FOO=) means "not set", as in most tools.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    appUrlExplicit: e.APP_URL !== undefined,
    trustedOrigins: (e.TRUSTED_ORIGINS ?? []).map((o) => new URL(o).origin),
    authSecret: e.AUTH_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    outboxKeepDays: e.OUTBOX_KEEP_DAYS || null,
    logLevel: e.LOG_LEVEL,
    apiRateLimit: e.API_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    webDist: e.WEB_DIST,
    ai: {
      openaiApiKey: e.OPENAI_API_KEY,
      openaiBaseUrl: e.OPENAI_BASE_URL,
      openaiModel: e.OPENAI_MODEL,
      gpt5Model: e.GPT5_MODEL,
      anthropicApiKey: e.ANTHROPIC_API_KEY,
      anthropicBaseUrl: e.ANTHROPIC_BASE_URL,
      anthropicModel: e.ANTHROPIC_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      maxRetries: e.AI_MAX_RETRIES,
    },
  };
}
