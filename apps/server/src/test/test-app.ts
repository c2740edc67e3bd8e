import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import { migrationsFolder, openDatabase } from '../db/client.js';
import { createJobQueue, JOB_SETTINGS, type JobName } from '../infra/jobs.js';
import type { Mailer, MailMessage } from '../infra/mailer.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The mails sent to one address, newest last, once every job stored so far is done. */
  mailsTo(email: string): Promise<MailMessage[]>;
  /** Resolves once no job is waiting or running (throws after `maxMs`, naming what is left). */
  settleJobs(maxMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Runs before a mail is recorded; throwing fails the send (the mail job is retried). */
  beforeSend?(mail: MailMessage): Promise<void>;
  /** Where the app's log lines go (with `logLevel` in the config overrides). */
  logStream?: { write(line: string): void };
}

/**
 * A fresh application on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a throwaway database created for this test file and dropped afterwards.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { beforeSend, logStream }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-test-'));
  const base = testConfig({
    dataDir,
    mailDir: path.join(dataDir, 'mail'),
    filesDir: path.join(dataDir, 'files'),
  });
  // A test that names its database (a second app on the first one's) keeps it.
  const throwaway =
    base.databaseUrl && !('databaseUrl' in overrides)
      ? await createThrowawayDatabase(base.databaseUrl)
      : undefined;
  // Tests share one app per file and sign up many users from one address: limits are raised,
  // except in the tests about limits, which pass rateLimitMultiplier: 1.
  const config: Config = { ...base, databaseUrl: throwaway?.url, rateLimitMultiplier: 100, ...overrides };
  const inMemory = !config.databaseUrl && !config.pgliteDir;
  const database = await openDatabase(config, inMemory ? { pgliteImage: await pgliteTemplate() } : {});
  await database.migrate();
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(mail) {
      await beforeSend?.(mail);
      mails.push(mail);
    },
  };
  const app = await buildApp({ config, database, mailer, logStream });
  await app.ready();
  const settleJobs = (maxMs = 10_000) => jobsSettled(app, maxMs, unrun(config));
  return {
    app,
    config,
    async mailsTo(email) {
      await settleJobs();
      return mails.filter((m) => m.to === email.trim().toLowerCase());
    },
    settleJobs,
    async close() {
      await app.close();
      await database.close();
      await throwaway?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let template: Promise<Blob> | undefined;

/**
 * The image of an in-memory PGlite migrated and with its job queues and schedules made, kept in
 * the temp folder under a hash of the migrations and the job list: each test app opens a copy of
 * it rather than running initdb and every migration (about 2 s an app). An image that missed a
 * change would only be slower: migrate() and the queue's start still run on the copy.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(os.tmpdir(), `koma-test-db-${await templateKey()}.tar`);
    const saved = await fs.readFile(file).catch(() => null);
    if (saved) return new Blob([saved]);
    const image = await migratedImage();
    // Whole or not at all: test processes starting together may write it at the same time.
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, Buffer.from(await image.arrayBuffer()));
    await fs.rename(temp, file);
    return image;
  })();
  return template;
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(JOB_SETTINGS));
  const names = (await fs.readdir(migrationsFolder, { recursive: true })).filter((n) =>
    /\.(sql|json)$/.test(n),
  );
  for (const name of names.sort())
    hash.update(name).update(await fs.readFile(path.join(migrationsFolder, name)));
  return hash.digest('hex').slice(0, 16);
}

async function migratedImage(): Promise<Blob> {
  const database = await openDatabase(testConfig({ databaseUrl: undefined, pgliteDir: null }));
  try {
    await database.migrate();
    const jobs = createJobQueue(database, { jobs: 0, renders: 0 }, { warn: () => {}, error: () => {} });
    await jobs.start();
    await jobs.stop();
    if (!database.image) throw new Error('PGlite gives an image of its data');
    return await database.image();
  } finally {
    await database.close();
  }
}

/** Jobs an app with `renderConcurrency: 0` never runs: a test that holds renders reads them as stored. */
function unrun(config: Config): string[] {
  if (config.renderConcurrency > 0) return [];
  return (Object.keys(JOB_SETTINGS) as JobName[]).filter((name) => JOB_SETTINGS[name].lane === 'renders');
}

/**
 * Waits until the app's queue holds no job waiting, due for a retry or running: what a request
 * stored is then done (mail sent, or failed for good). pg-boss's own bookkeeping jobs are not
 * waited for, nor those of `unrun`.
 */
async function jobsSettled(app: FastifyInstance, maxMs: number, unrun: string[]): Promise<void> {
  const deadline = Date.now() + maxMs;
  const skipped =
    unrun.length > 0
      ? sql`and name not in (${sql.join(
          unrun.map((n) => sql`${n}`),
          sql`, `,
        )})`
      : sql``;
  for (;;) {
    const { rows } = await app.deps.db.execute<{ name: string; state: string }>(sql`
      select name, state::text from pgboss.job
      where state < 'completed' and not starts_with(name, '__pgboss__') ${skipped}`);
    if (rows.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `jobs still pending after ${maxMs} ms: ${rows.map((r) => `${r.name} (${r.state})`).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A new empty database on the server `serverUrl` names; `drop()` removes it, connections and all. */
export async function createThrowawayDatabase(serverUrl: string) {
  const name = `koma_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
