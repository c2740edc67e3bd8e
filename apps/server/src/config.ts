import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is checked here so that a bad value stops the
 * start with a message naming it, instead of failing later in the middle of a request.
 */
/** Page renders an instance runs at once unless RENDER_CONCURRENCY says otherwise. */
export const DEFAULT_RENDER_CONCURRENCY = 2;

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Koma <no-reply@koma.example>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Multiplies every rate limit; browser tests raise it because they sign up many users from one IP. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(10_000).default(1),
  WEB_DIST_DIR: z.string().optional(),
  /** Background jobs this instance runs at once; 0 runs none (an instance that only answers requests). */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(1_000).optional(),
  /** Page renders this instance runs at once; their memory budget is shared out over them. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_RENDER_CONCURRENCY),
  /** Files in an S3-compatible store instead of DATA_DIR/files: endpoint, bucket and keys together. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/, 'a bucket name: 3–63 of a-z 0-9 . _ -')
      .optional(),
  ),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** `endpoint/bucket/key` addresses (MinIO and most self-hosted stores) instead of `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in `pgliteDir` (null = in memory, used by tests). */
  databaseUrl: string | undefined;
  pgliteDir: string | null;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  filesDir: string;
  logLevel: string;
  trustProxy: boolean;
  rateLimitMultiplier: number;
  /** Jobs this instance runs at once (docs/jobs.md): its cores by default. */
  jobConcurrency: number;
  /**
   * Page renders this instance runs at once, in slots of their own (docs/jobs.md): each gets an
   * equal share of the memory renders may use (docs/renditions.md, "Memory bounds").
   */
  renderConcurrency: number;
  /**
   * Multiplies the waits before a job's retries (docs/jobs.md): 1, no setting; tests that follow a
   * job through all its retries set 0.
   */
  jobRetryDelayScale: number;
  /** The built web app; null when it is not served (API tests). */
  webDistDir: string | null;
  /** The S3-compatible store for files; null keeps them on local disk under `filesDir`. */
  s3: S3Config | null;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Relative paths in settings are taken from the repository root, whichever folder npm runs in. */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const defaultDist = path.join(REPO_ROOT, 'apps/web/dist');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: path.join(dataDir, 'mail'),
    filesDir: path.join(dataDir, 'files'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    jobConcurrency: e.JOB_CONCURRENCY ?? os.availableParallelism(),
    // An instance that runs no jobs renders nothing either.
    renderConcurrency: e.JOB_CONCURRENCY === 0 ? 0 : e.RENDER_CONCURRENCY,
    jobRetryDelayScale: 1,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(REPO_ROOT, e.WEB_DIST_DIR) : defaultDist,
    s3: s3Settings(e),
  };
}

/** All of endpoint, bucket and keys, or none of them: half a store is a mistake worth stopping for. */
function s3Settings(e: z.output<typeof envSchema>): S3Config | null {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket } = e;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (endpoint && bucket && accessKeyId && secretAccessKey) {
    const forcePathStyle = e.S3_FORCE_PATH_STYLE === 'true';
    return { endpoint, bucket, region: e.S3_REGION, accessKeyId, secretAccessKey, forcePathStyle };
  }
  const given = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  };
  const missing = Object.entries(given).filter(([, value]) => !value);
  if (missing.length === Object.keys(given).length) return null;
  const lines = missing.map(([name]) => `  ${name}: required with the other S3_* settings`);
  throw new Error(`Invalid settings:\n${lines.join('\n')}`);
}

/** Settings for tests: in-memory PGlite, mail to a temp folder, no web app. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: overrides.dataDir ?? '/tmp/koma-test', LOG_LEVEL: 'silent' }),
    pgliteDir: null,
    webDistDir: null,
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    ...overrides,
  };
}
