import pg from 'pg';
import { testConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { hashPassword } from '../../apps/server/src/modules/accounts/passwords.js';
import { seedPeople } from './seed-people.js';
import {
  fixSequences,
  seedApplications,
  seedChapters,
  seedNotices,
  seedProjects,
  seedRelations,
  stepper,
  type WorldSize,
} from './seed-world.js';

export const BENCH_PASSWORD = 'bench-password';

/** Seconds per seeding step, and the whole. */
export type SeedTimes = Record<string, number>;

/** A connection for bulk loading: foreign-key triggers off (the data is consistent by construction). */
async function bulkConnection(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Superusers only; anyone else loads with the checks on, just slower.
  await client.query('set session_replication_role = replica').catch(() => undefined);
  await client.query(`set maintenance_work_mem = '256MB'`);
  return client;
}

/**
 * Migrates, then fills the database in bulk statements (generate_series, no per-row round trip):
 * people first, then projects → chapters → pages → steps on one connection while notices and
 * relations load on a second one, then VACUUM ANALYZE (fresh statistics and visibility maps, as
 * autovacuum would leave them in production).
 */
export async function seedDatabase(url: string, size: WorldSize): Promise<SeedTimes> {
  const started = performance.now();
  const times: SeedTimes = {};
  const database = await openDatabase(testConfig({ databaseUrl: url }));
  try {
    let t = performance.now();
    await database.migrate();
    times.migrations = (performance.now() - t) / 1000;
    t = performance.now();
    await seedPeople(database.db, size.people, await hashPassword(BENCH_PASSWORD));
    times.people = (performance.now() - t) / 1000;
  } finally {
    await database.close();
  }
  const [one, two] = await Promise.all([bulkConnection(url), bulkConnection(url)]);
  try {
    const production = (async () => {
      const step = stepper(one, times);
      await seedProjects(step, size);
      await seedChapters(step, size);
      await seedApplications(step, size);
      await fixSequences(step);
    })();
    const social = (async () => {
      const step = stepper(two, times);
      await seedNotices(step, size);
      await seedRelations(step, size);
    })();
    await Promise.all([production, social]);
    const t = performance.now();
    await one.query('vacuum analyze');
    times['vacuum analyze'] = (performance.now() - t) / 1000;
  } finally {
    await Promise.all([one.end(), two.end()]);
  }
  times.total = (performance.now() - started) / 1000;
  return times;
}

/** Row counts of the seeded tables, for the report. */
export async function countRows(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = [
      'users',
      'projects',
      'project_members',
      'recruitments',
      'applications',
      'chapters',
      'chapter_pages',
      'workflow_steps',
      'notices',
      'pairs',
      'friendships',
    ];
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
      counts[table] = Number(rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The seeded size of a database, from its row counts. */
export function sizeOf(counts: Record<string, number>): WorldSize {
  return {
    people: counts.users ?? 0,
    projects: counts.projects ?? 0,
    chapters: counts.chapters ?? 0,
    notices: counts.notices ?? 0,
  };
}
