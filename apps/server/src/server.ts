import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { STALE_TEMP_MS } from './infra/storage.js';
import { matchIndexFor } from './modules/matching/match-index.js';
import { removeStaleWork } from './modules/renditions/render-page.js';

/** Starts the platform: settings, database and migrations, then listen; stops cleanly on SIGTERM (close-with-grace). */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  // On SIGTERM or SIGINT (or an uncaught error, then exiting 1): app.close() answers new requests
  // 503 while the ones in flight finish (plugins/drain.ts), then stops the listener; then the
  // database closes. Past 10 s the process exits 1 anyway.
  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an uncaught error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });
  // A crash mid-upload leaves its temp file behind: a dead writer's go before the first request,
  // which only a start may judge for its own pid. The hourly jobs sweep the rest (plugins/jobs.ts).
  await app.deps.storage
    .removeStaleTemp?.(STALE_TEMP_MS, new Date(), { starting: true })
    .then((n) => n && app.log.info({ removed: n }, 'removed unfinished uploads'))
    .catch((err: unknown) => app.log.warn({ err }, 'could not sweep unfinished uploads'));
  // So do the work folders of a render killed midway (docs/renditions.md, "Memory bounds").
  await removeStaleWork({ starting: true })
    .then((n) => n && app.log.info({ removed: n }, 'removed the work folders of killed renders'))
    .catch((err: unknown) => app.log.warn({ err }, 'could not sweep render work folders'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Koma is running: ${config.publicUrl} (database: ${database.kind})`);
  // Load the match index now rather than on the first search.
  matchIndexFor(database.db)
    .fresh()
    .catch((err: unknown) => app.log.warn({ err }, 'match index not loaded yet'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
