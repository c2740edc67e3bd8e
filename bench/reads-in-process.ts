/**
 * What a read call costs the server, one request after another in process (`app.inject`), on a
 * database the load suite kept (`npm run bench -- --small --seed-only` prints its name):
 *
 *   npm run bench:reads-in-process -- --database koma_bench_… [--only homePage,…] [--requests 1000]
 *                                     [--log] [--replies <file>]
 *
 * For each call of the load suite (its request bodies, lib/calls.ts) the statements a warm
 * request sends (the same request just before, as under load where the one-second caches hold),
 * then the CPU per request of the Node process and of its PostgreSQL connections (their
 * /proc/<pid>/stat), and p50. CPU per request hardly moves with the machine's other work, where
 * req/s does (bench/README.md, "Reads back within budget"). --log prints each warm statement,
 * --replies writes each warm reply (to compare two versions' replies).
 */
import fs from 'node:fs';
import { contract } from '@koma/shared/contract';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { benchCalls } from './lib/calls.js';
import type { LoadRequest } from './lib/load.js';
import { databaseUrl } from './lib/postgres.js';
import { BENCH_PASSWORD, countRows, sizeOf } from './lib/seed.js';
import { BENCH_USER } from './lib/seed-world.js';
import { summary } from './lib/stats.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const name = option('database');
if (!name) throw new Error('--database <kept database> is required');
const ONLY = (option('only') ?? 'homePage,pageWorkingProcessList').split(',');
const REQUESTS = Number(option('requests') ?? 1000);
const APP_NAME = 'koma-reads-in-process';

// Every statement the app's own pool sends (not the job queue's), counted while `counting`.
let counting = false;
const sent: string[] = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (
  this: pg.Client & { connectionParameters: pg.ClientConfig },
  ...rest: unknown[]
) {
  const first = rest[0] as string | { text?: string; name?: string };
  if (counting && this.connectionParameters.application_name === APP_NAME)
    sent.push(typeof first === 'string' ? first : `${first.name ? `[${first.name}] ` : ''}${first.text}`);
  return (query as (...a: unknown[]) => unknown).apply(this, rest);
} as typeof query;

const url = new URL(databaseUrl(name));
url.searchParams.set('application_name', APP_NAME);
const size = sizeOf(await countRows(databaseUrl(name)));
const config = {
  ...testConfig({ databaseUrl: url.toString(), logLevel: 'silent' }),
  pgliteDir: null,
  jobConcurrency: 0,
  rateLimitMultiplier: 10_000,
};
const database = await openDatabase(config);
const app = await buildApp({ config, database });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: contract.accounts.login.path,
  payload: { username: BENCH_USER.email, password: BENCH_PASSWORD },
});
const token = login.json().data.token as string;

const send = async (r: LoadRequest) => {
  const res = await app.inject({ method: r.method, url: r.path, headers: r.headers, payload: r.body });
  if (res.statusCode !== 200) throw new Error(`${r.path}: ${res.body}`);
  return res.body;
};

/** utime + stime of each PostgreSQL backend serving the app's pool, in ms by pid. */
async function backendsCpuMs(): Promise<Map<number, number>> {
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL only');
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [APP_NAME],
  );
  const hz = 100;
  return new Map(
    rows.map(({ pid }) => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / hz];
    }),
  );
}
const cpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

const rows: Record<string, object> = {};
const replies: string[] = [];
for (const call of benchCalls(token, size).filter((c) => ONLY.some((o) => c.name.includes(o)))) {
  const statements: number[] = [];
  for (const r of call.requests) {
    await send(r);
    sent.length = 0;
    counting = true;
    replies.push(await send(r));
    counting = false;
    statements.push(sent.length);
    if (args.includes('--log'))
      for (const s of sent) console.log(`  ${s.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  for (let i = 0; i < 200; i++) await send(call.requests[i % call.requests.length] as LoadRequest);
  const pgBefore = await backendsCpuMs();
  const cpu = process.cpuUsage();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await send(call.requests[i % call.requests.length] as LoadRequest);
    times.push(performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  const pgMs = cpuSince(pgBefore, await backendsCpuMs());
  const { p50, p95 } = summary(times);
  rows[call.name] = {
    statements: statements.join(', '),
    'node CPU ms': +((used.user + used.system) / 1000 / REQUESTS).toFixed(2),
    'PostgreSQL CPU ms': +(pgMs / REQUESTS).toFixed(2),
    p50,
    p95,
  };
}
console.table(rows);
const repliesFile = option('replies');
if (repliesFile) fs.writeFileSync(repliesFile, `${replies.join('\n')}\n`);
await app.close();
await database.close();
