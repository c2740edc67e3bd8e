/**
 * The editor's timeline budget (issue 40): the timeline of an editor in charge of 20
 * serializations, p95 ≤ 30 ms at the load suite's scale.
 *
 *   npm run bench:timeline -- [--small | --people N --pages N] [--runs 200] [--database <kept>] [--keep]
 * Seeds the load suite's world (lib/seed.ts: 10,000 projects, 50,000 chapters, 2,100,000 steps) in
 * a throwaway PostgreSQL database, or measures a kept one, and makes editor 3 the editor in charge
 * of 20 projects (their chapters in every state, one in production each). Then, in process on the
 * server's own code (`editorTimelineOf`), after 20 warm-up runs, times 200 runs of:
 * - the timeline as the screens read it (each chapter's forecast kept a minute, the pace five);
 * - the timeline with every forecast made afresh (the first view in a minute), the pace kept;
 * - the timeline with nothing kept (forecasts and paces read again);
 * - `select 1` on the same pool, the reference for "one round trip".
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { testConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { forecastFor, throughputFor } from '../apps/server/src/modules/schedule/forecasts.js';
import { editorTimelineOf } from '../apps/server/src/modules/schedule/timeline.service.js';
import { createDatabase, databaseUrl, dropDatabase } from './lib/postgres.js';
import { seedDatabase } from './lib/seed.js';
import { worldFromArgs } from './lib/seed-world.js';
import { summary, timeRuns } from './lib/stats.js';

const args = process.argv.slice(2);
const value = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(value('runs') ?? 200);
const KEPT = value('database');
const KEEP = args.includes('--keep') || KEPT !== undefined;
const BUDGET_MS = 30;
const SERIALIZATIONS = 20;
/** An editor of the seed (odd ids are editors: lib/seed-world.ts). */
const EDITOR_ID = 3;

async function main() {
  const size = worldFromArgs(args);
  const target = KEPT ? { name: KEPT, url: databaseUrl(KEPT) } : await createDatabase();
  const seedSeconds = KEPT ? null : await seedDatabase(target.url, size);
  const database = await openDatabase(testConfig({ databaseUrl: target.url, pgliteDir: null }));
  try {
    const { db } = database;
    // Editor 3 takes the editor's seat of 20 projects in place of whoever had it: every 7th from
    // project 3, each with chapters in every state and one or two in production (the seed
    // finishes every chapter of the projects whose id is a multiple of 7: lib/seed-world.ts).
    await db.execute(sql`
      delete from project_members where kind = 3 and (user_id = ${EDITOR_ID} or project_id in (
        select p from generate_series(3, ${7 * SERIALIZATIONS}, 7) p))`);
    await db.execute(sql`
      insert into project_members (project_id, user_id, kind, position_id)
      select p, ${EDITOR_ID}, 3, 0 from generate_series(3, ${7 * SERIALIZATIONS}, 7) p`);
    await db.execute(sql`analyze project_members`);
    const read = () => editorTimelineOf(db, EDITOR_ID, 'ja');
    const sample = await read();
    const kept = await timeRuns(RUNS, read);
    const afresh = await timeRuns(RUNS, () => {
      forecastFor(db).clear();
      return read();
    });
    const nothingKept = await timeRuns(RUNS, () => {
      forecastFor(db).clear();
      throughputFor(db).clear();
      return read();
    });
    const roundTrip = await timeRuns(RUNS, () => db.execute(sql`select 1`));
    const result = {
      database: 'PostgreSQL',
      world: size,
      seedSeconds: seedSeconds?.total ?? null,
      serializations: new Set(sample.chapters.map((c) => c.project_id)).size,
      chapters: sample.chapters.length,
      forecasts: sample.chapters.filter((c) => c.forecast).length,
      keptMs: summary(kept),
      afreshMs: summary(afresh),
      nothingKeptMs: summary(nothingKept),
      selectOneMs: summary(roundTrip),
      budgetMs: BUDGET_MS,
      // Judged on the first view in a minute: every forecast made again, the pace kept.
      met: summary(afresh).p95 <= BUDGET_MS,
      node: process.version,
      cpus: os.cpus().length,
      load: os.loadavg().map((l) => +l.toFixed(2)),
    };
    console.log(JSON.stringify(result, null, 2));
    if (!result.met) process.exitCode = 1;
  } finally {
    await database.close();
    if (!KEEP) await dropDatabase(target.name);
    else console.log(`kept database: ${target.name}`);
  }
}

await main();
