/**
 * Forecast budget (issue 15): the forecast of a 200-page chapter with 1,000 steps in ≤ 20 ms.
 *
 *   npm run bench:forecast -- [--pages 200] [--steps 5] [--runs 200] [--postgres]
 * Seeds one project: the chapter measured (pages × steps, a fifth of them approved over the last
 * four weeks, five people) and ten finished chapters of history, then times, after a warm-up:
 * - the whole forecast computed afresh (`forecastsOf`: the open steps, the team's pace kept for
 *   five minutes, and the simulation), and again with the pace read every time; the screens keep
 *   each chapter's forecast a minute on top of that;
 * - the simulation alone (`forecastChapter` on the open steps);
 * - `select 1` on the same connection, the reference for "one round trip".
 * PGlite in a temp folder by default; --postgres uses a throwaway database on
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChapterStatus, StepStatus } from '@koma/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { testConfig } from '../apps/server/src/config.js';
import { type Db, openDatabase } from '../apps/server/src/db/client.js';
import { tokyoDay } from '../apps/server/src/lib/calendar.js';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords.js';
import { forecastChapter } from '../apps/server/src/modules/schedule/forecast.js';
import {
  forecastFor,
  forecastsOf,
  throughputFor,
  throughputOf,
} from '../apps/server/src/modules/schedule/forecasts.js';
import * as repo from '../apps/server/src/modules/schedule/schedule.repository.js';
import { seedPeople } from './lib/seed-people.js';
import { summary, timeRuns } from './lib/stats.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAGES = arg('pages', 200);
const STEPS = arg('steps', 5);
const RUNS = arg('runs', 200);
const POSTGRES = args.includes('--postgres');
const BUDGET_MS = 20;
const PEOPLE = 5;
const HISTORY_CHAPTERS = 10;

async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `koma_bench_forecast_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database ${name} with (force)`) };
}

/** One project of five people: the chapter measured, and finished chapters approved over four weeks. */
async function seed(db: Db) {
  await seedPeople(db, PEOPLE, await hashPassword('bench-password'));
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into projects (user_id, title, icon, kind, type, content)
    select min(id), 'ベンチ作品', '', 2, 1, 'bench' from users returning id`);
  const projectId = rows[0]?.id ?? 0;
  await db.execute(sql`
    insert into chapters (project_id, title, page_count, icon, script_at, check_at, status)
    select ${projectId}::int, '第' || n || '話', ${PAGES}::int, '', current_date, current_date + 30,
           case when n = 1 then ${ChapterStatus.IN_PRODUCTION}::int else ${ChapterStatus.FINISHED}::int end
    from generate_series(1, ${1 + HISTORY_CHAPTERS}::int) n`);
  await db.execute(sql`
    insert into chapter_pages (chapter_id, num, status)
    select c.id, n, 4 from chapters c, generate_series(1, ${PAGES}::int) n where c.project_id = ${projectId}::int`);
  // Steps: one per position and person; the measured chapter has a fifth approved, the others all,
  // each approval on one of the last 28 days.
  await db.execute(sql`
    insert into workflow_steps (page_id, chapter_id, sort, position_id, owner_user_id, status, updated_at)
    select p.id, c.id, s - 1, s, u.id,
           case when c.title <> '第1話' or p.num <= ${PAGES}::int / 5 then ${StepStatus.DONE}::int else ${StepStatus.NOT_STARTED}::int end,
           now() - make_interval(days => (p.num + s) % 28)
    from chapters c
    join chapter_pages p on p.chapter_id = c.id
    cross join generate_series(1, ${STEPS}::int) s
    join lateral (select id from users order by id offset (s - 1) % ${PEOPLE}::int limit 1) u on true
    where c.project_id = ${projectId}::int`);
  await db.execute(sql`analyze`);
  const chapter = (await repo.chaptersInProduction(db))[0];
  if (!chapter) throw new Error('seed failed');
  return chapter;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-bench-forecast-'));
  const pgDb = POSTGRES ? await throwawayDatabase() : undefined;
  const config = testConfig({
    dataDir,
    pgliteDir: pgDb ? null : path.join(dataDir, 'pglite'),
    databaseUrl: pgDb?.url,
  });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { db } = database;
    const chapter = await seed(db);
    const open = await repo.openStepsOf(db, [chapter.id]);
    const approvals = await repo.approvalsOf(db, [chapter.projectId]);
    const throughput = throughputOf(approvals, tokyoDay());
    // Each chapter's forecast is kept a minute: both runs compute it afresh; the first keeps the
    // team's pace as the screens do, the second reads it every time (the first view in 5 minutes).
    const whole = await timeRuns(RUNS, () => {
      forecastFor(db).clear();
      return forecastsOf(db, [chapter]);
    });
    const wholeUncached = await timeRuns(RUNS, () => {
      forecastFor(db).clear();
      throughputFor(db).clear();
      return forecastsOf(db, [chapter]);
    });
    const simulation = await timeRuns(RUNS, () =>
      forecastChapter(open, throughput, chapter.checkAt, chapter.dueBufferDays),
    );
    const roundTrip = await timeRuns(RUNS, () => db.execute(sql`select 1`));
    const openQuery = await timeRuns(RUNS, () => repo.openStepsOf(db, [chapter.id]));
    const approvalsQuery = await timeRuns(RUNS, () => repo.approvalsOf(db, [chapter.projectId]));
    const forecast = (await forecastsOf(db, [chapter])).get(chapter.id);
    const result = {
      database: POSTGRES ? 'PostgreSQL' : 'PGlite',
      pages: PAGES,
      steps: PAGES * STEPS,
      open: open.length,
      forecast: forecast && { status: forecast.status, finishOn: forecast.finishOn },
      wholeMs: summary(whole),
      wholeUncachedMs: summary(wholeUncached),
      simulationMs: summary(simulation),
      selectOneMs: summary(roundTrip),
      openStepsQueryMs: summary(openQuery),
      approvalsQueryMs: summary(approvalsQuery),
      wholeToSelectOne: +(summary(whole).p50 / Math.max(0.001, summary(roundTrip).p50)).toFixed(1),
      budgetMs: BUDGET_MS,
      met: summary(whole).p95 <= BUDGET_MS,
      node: process.version,
      cpus: os.cpus().length,
      load: os.loadavg().map((l) => +l.toFixed(2)),
    };
    console.log(JSON.stringify(result, null, 2));
    if (!result.met) process.exitCode = 1;
  } finally {
    await database.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
