/**
 * Daily digest budget (issue 15): 100,000 readers with 1,000,000 waiting notices all handed to
 * SMTP within 5 minutes on this 2-core machine, the API's read p95 ≤ 100 ms meanwhile.
 *
 *   npm run bench:mail-digest -- [--users 100000] [--per-user 10] [--concurrency N]
 *
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a throwaway
 * database is created and dropped), as the load suite: a server with that many readers runs on
 * it. The server is built in this process (buildApp), its mail going to a local SMTP server
 * (smtp-server, in its own process: lib/smtp-sink-process.ts) that counts what it accepts. The digest run is the `notice-digest` job's own
 * function, called at 08:00 Tokyo (every seeded reader's default hour); reads are notices.list of
 * one reader, one at a time, before the run (the reference) and until the last mail is accepted.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords.js';
import { createNoticeMailService } from '../apps/server/src/modules/notices/notice-mail.service.js';
import { createThrowawayDatabase } from '../apps/server/src/test/test-app.js';
import { seedPeople } from './lib/seed-people.js';
import { summary } from './lib/stats.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const USERS = arg('users', 100_000);
const PER_USER = arg('per-user', 10);
const CONCURRENCY = arg('concurrency', 0);
const BUDGET_SECONDS = 300;
const READ_BUDGET_MS = 100;
const PASSWORD = 'bench-password';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The SMTP sink in its own process (lib/smtp-sink-process.ts); its count comes every 100 ms. */
async function smtpSink() {
  const child = fork(path.join(import.meta.dirname, 'lib/smtp-sink-process.ts'), {
    execArgv: ['--import', 'tsx'],
  });
  let accepted = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (m: { port?: number; accepted?: number }) => {
      if (m.port) resolve(m.port);
      if (m.accepted !== undefined) accepted = m.accepted;
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).disconnect()),
  };
}

async function main() {
  const sink = await smtpSink();
  const throwaway = await createThrowawayDatabase(serverUrl);
  const base = testConfig({ databaseUrl: throwaway.url, smtpUrl: sink.url, logLevel: 'silent' });
  const config = {
    ...base,
    pgliteDir: null,
    rateLimitMultiplier: 10_000,
    ...(CONCURRENCY > 0 && { jobConcurrency: CONCURRENCY }),
  };
  const database = await openDatabase(config);
  await database.migrate();
  let started = Date.now();
  await seedPeople(database.db, USERS, await hashPassword(PASSWORD));
  // Board posts wait for the digest (its default), spread over 50 projects' names per reader.
  await database.db.execute(sql`
    insert into notices (user_id, kind, params, target_kind, target_project_id, mail_mode, created_at)
    select u.id, 'board_post',
      jsonb_build_object('project', 'プロジェクト' || ((u.id + g) % 50), 'nickname', '作家' || g),
      'board', 1 + (u.id + g) % 50, 'digest', now() - make_interval(mins => g)
    from users u cross join generate_series(1, ${PER_USER}) g`);
  await database.db.execute(sql`vacuum analyze notices`);
  const seedSeconds = (Date.now() - started) / 1000;
  console.log(`seeded ${USERS} readers, ${USERS * PER_USER} notices in ${seedSeconds.toFixed(1)} s`);

  const app = await buildApp({ config, database });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: contract.accounts.login.path,
    payload: { username: 'bench1@bench.koma.example', password: PASSWORD },
  });
  const token = login.json().data.token as string;
  const read = async () => {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: contract.notices.list.path,
      headers: { token },
      payload: { page: 1, pageSize: 20 },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return performance.now() - t0;
  };
  for (let i = 0; i < 30; i++) await read();
  const reference: number[] = [];
  for (let i = 0; i < 300; i++) reference.push(await read());

  // 08:00 in Tokyo: every seeded reader's digest hour (the default).
  const at = new Date(Date.UTC(2026, 0, 1, 23, 0, 0));
  started = Date.now();
  let claimSeconds = Number.NaN;
  const run = createNoticeMailService(app.deps)
    .runDigest(app.deps.jobs, at)
    .then((stored) => {
      claimSeconds = (Date.now() - started) / 1000;
      return stored;
    });
  const during: number[] = [];
  while (sink.accepted() < USERS && Date.now() - started < 4 * BUDGET_SECONDS * 1000) {
    during.push(await read());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const handedSeconds = (Date.now() - started) / 1000;
  const stored = await run;

  const ref = summary(reference);
  const load = summary(during);
  const result = {
    database: database.kind,
    users: USERS,
    notices: USERS * PER_USER,
    jobConcurrency: config.jobConcurrency,
    digestsStored: stored,
    mailsAccepted: sink.accepted(),
    claimSeconds: +claimSeconds.toFixed(1),
    handedSeconds: +handedSeconds.toFixed(1),
    mailsPerSecond: +(sink.accepted() / handedSeconds).toFixed(0),
    readReference: ref,
    readDuringDigest: load,
    readP95Ratio: +(load.p95 / ref.p95).toFixed(2),
  };
  console.log(JSON.stringify(result, null, 2));
  const scale = USERS / 100_000;
  const projected = handedSeconds / scale;
  console.log(
    `all handed to SMTP: ${handedSeconds.toFixed(1)} s (at full volume ≈ ${projected.toFixed(0)} s, budget ${BUDGET_SECONDS} s); ` +
      `read p95 during ${load.p95} ms (budget ${READ_BUDGET_MS} ms), ${result.readP95Ratio}× the idle ${ref.p95} ms`,
  );
  await app.close();
  await database.close();
  await throwaway.drop();
  await sink.close();
}

await main();
