import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import type { Mailer, MailMessage } from '../infra/mailer.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Every mail the server sent, newest last. */
  mails: MailMessage[];
  /** The mails sent to one address, newest last. */
  mailsTo(email: string): MailMessage[];
  close(): Promise<void>;
}

/**
 * A fresh application on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a throwaway database created for this test file and dropped afterwards.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'koma-test-'));
  const base = testConfig({
    dataDir,
    mailDir: path.join(dataDir, 'mail'),
    filesDir: path.join(dataDir, 'files'),
  });
  const throwaway = base.databaseUrl ? await createThrowawayDatabase(base.databaseUrl) : undefined;
  // Tests share one app per file and sign up many users from one address: limits are raised,
  // except in the tests about limits, which pass rateLimitMultiplier: 1.
  const config: Config = { ...base, databaseUrl: throwaway?.url, rateLimitMultiplier: 100, ...overrides };
  const database = await openDatabase(config);
  await database.migrate();
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const app = await buildApp({ config, database, mailer });
  await app.ready();
  return {
    app,
    config,
    mails,
    mailsTo: (email) => mails.filter((m) => m.to === email.trim().toLowerCase()),
    async close() {
      await app.close();
      await database.close();
      await throwaway?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
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
