/**
 * Person search budget (issue: people): with 100,000 people, findCartoonser p95 < 50 ms at 10
 * concurrent requests on PostgreSQL, and < 50 ms single-request on PGlite.
 *
 *   npm run bench:people -- [--people 100000] [--seconds 10] [--pglite-only | --postgres-only]
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a
 * throwaway database is created and dropped.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@koma/shared/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords.js';
import { seedPeople } from './lib/seed-people.js';
import { summary } from './lib/stats.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PEOPLE = arg('people', 100_000);
const SECONDS = arg('seconds', 10);
const BUDGET_MS = 50;
const PASSWORD = 'bench-password';
const root = path.resolve(import.meta.dirname, '..');
const SEARCHES = [
  { page: 1, pageSize: 10 },
  { typeb: [5, 6], media: [1], page: 1, pageSize: 10 },
  { creativecap: [2], adscartoon: 1, page: 3, pageSize: 10 },
  { nick: '作家12', page: 1, pageSize: 10 },
  { status: 1, typeb: [14], page: 2, pageSize: 10 },
];

async function seed(databaseUrl: string | undefined, pgliteDir: string | null) {
  const config = testConfig({ databaseUrl, pgliteDir });
  const database = await openDatabase(config);
  await database.migrate();
  const started = Date.now();
  await seedPeople(database.db, PEOPLE, await hashPassword(PASSWORD));
  console.log(
    `seeded ${PEOPLE} people in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
  );
  return { database, config };
}

async function pgliteSingle() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-'));
  const { database, config } = await seed(undefined, path.join(dir, 'pglite'));
  const app = await buildApp({ config: { ...config, rateLimitMultiplier: 10_000 }, database });
  const login = await app.inject({
    method: 'POST',
    url: contract.accounts.login.path,
    payload: { username: 'bench1@bench.koma.example', password: PASSWORD },
  });
  const token = login.json().data.token as string;
  const latencies: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: contract.matching.search.path,
      headers: { token },
      payload: SEARCHES[i % SEARCHES.length],
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    if (i >= 20) latencies.push(performance.now() - started); // the first ones warm caches
  }
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return summary(latencies);
}

async function postgresConcurrent() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `koma_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const { database } = await seed(url.toString(), null);
  await database.close();
  const port = 4100 + Math.floor(Math.random() * 500);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '10000',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${base}/api/user/registerInit`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench1@bench.koma.example', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const latencies: number[] = [];
    let errors = 0;
    const instance = autocannon(
      {
        url: `${base}/api/cartoonser/findCartoonser`,
        connections: 10,
        duration: SECONDS,
        requests: SEARCHES.map((body) => ({
          method: 'POST',
          headers: { 'content-type': 'application/json', token },
          body: JSON.stringify(body),
        })),
      },
      () => {},
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status !== 200) errors += 1;
      latencies.push(ms);
    });
    const result = await new Promise<autocannon.Result>((resolve) => instance.on('done', resolve));
    return { ...summary(latencies), reqPerSec: Math.round(result.requests.average), errors };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const rows: Record<string, object> = {};
if (!args.includes('--pglite-only')) rows['PostgreSQL, 10 connections'] = await postgresConcurrent();
if (!args.includes('--postgres-only')) rows['PGlite, single request'] = await pgliteSingle();
console.table(rows);
const missed = Object.entries(rows).filter(([, r]) => (r as { p95: number }).p95 >= BUDGET_MS);
console.log(
  missed.length
    ? `Budget missed (p95 >= ${BUDGET_MS} ms): ${missed.map(([k]) => k).join(', ')}`
    : `Budget met: p95 < ${BUDGET_MS} ms`,
);
process.exit(missed.length ? 1 : 0);
