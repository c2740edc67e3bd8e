import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createStorage } from '../infra/create-storage.js';
import { createJobQueue } from '../infra/jobs.js';
import { createInProcessBus } from '../infra/live-bus.js';
import { createRateLimiters } from '../infra/rate-limiters.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { DEMO_PASSWORD, DEMO_PEOPLE, seedDemoPeople } from './demo-people.js';
import { seedDemoProject } from './demo-project.js';
import { seedDemoSideProject } from './demo-side-project.js';

/**
 * `npm run demo`: fills the database (the same DATA_DIR / DATABASE_URL as `npm start`) with demo
 * accounts. Run it while the server is stopped when on PGlite. Existing demo accounts are kept.
 * The chapter in production gets print-size pages (52 MP, drawn on the spot, about a minute);
 * `npm run demo -- --small-pages` draws them small, for a quicker demo.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  // The jobs the demo stores (renditions of its pages) wait in the database for the server to run them.
  const jobs = createJobQueue(database, { jobs: 0, renders: 0 }, console);
  try {
    await database.migrate();
    // Makes the queues (runs nothing at concurrency 0): on a new database a job sent before its
    // queue exists is silently dropped, and the demo's pages would never get renditions.
    await jobs.start();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const { created, ids } = await seedDemoPeople(database.db, passwordHash);
    const deps = {
      db: database.db,
      config,
      storage: createStorage(config),
      live: createInProcessBus(),
      limiters: createRateLimiters(database.pool, console),
      jobs,
    };
    const started = performance.now();
    const project = await seedDemoProject(deps, ids, { printPages: !process.argv.includes('--small-pages') });
    const sideProject = await seedDemoSideProject(deps, ids);
    const where = config.databaseUrl ? 'PostgreSQL' : config.pgliteDir;
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(
      `Demo data ready in ${where} (${seconds} s): ${created} new accounts${project ? ', a demo project' : ''}${sideProject ? ', a second project recruiting' : ''}.`,
    );
    if (project) console.log("The server makes the pages' renditions once it runs (npm start).");
    console.log(`Every demo account logs in with the password ${DEMO_PASSWORD}:`);
    for (const p of DEMO_PEOPLE) console.log(`  ${p.email.padEnd(38)} ${p.nickname}`);
  } finally {
    await jobs.stop();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
