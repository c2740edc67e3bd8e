import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@koma/shared/contract';
import { type Config, testConfig } from '../../apps/server/src/config.js';
import { FOUNDER } from './page-chapter.js';
import { createDatabase, dropDatabase } from './postgres.js';

export interface BenchData {
  /** Where seeding writes: the server started on `databaseUrl` and `dataDir` reads the same. */
  config: Config;
  dataDir: string;
  /** '' for PGlite in the data folder. */
  databaseUrl: string;
  remove(): Promise<void>;
}

/**
 * A throwaway data folder, and database: PGlite in the folder (as `npm start` without
 * DATABASE_URL), or with `postgres` a new database on BENCH_DATABASE_URL's server.
 */
export async function benchData(prefix: string, postgres: boolean): Promise<BenchData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const database = postgres ? await createDatabase() : null;
  const databaseUrl = database?.url ?? '';
  const config = testConfig({
    dataDir,
    pgliteDir: postgres ? null : path.join(dataDir, 'pglite'),
    databaseUrl: databaseUrl || undefined,
  });
  return {
    config,
    dataDir,
    databaseUrl,
    remove: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (database) await dropDatabase(database.name);
    },
  };
}

/** The session token of a seeded person (the founder unless told). */
export async function logIn(
  base: string,
  email = FOUNDER.email,
  password = FOUNDER.password,
): Promise<string> {
  const res = await fetch(`${base}${contract.accounts.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** A JSON call as the web app makes it; the reply's data, or an error naming the call. */
export async function apiPost<T>(
  base: string,
  token: string,
  route: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, ...headers },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { code?: number; data?: T; msg?: string };
  if (!res.ok || reply.data === undefined)
    throw new Error(`${route}: ${res.status} ${JSON.stringify(reply)}`);
  return reply.data;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
