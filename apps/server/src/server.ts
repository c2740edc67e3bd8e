import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { STALE_TEMP_MS } from './infra/storage.js';
import { matchIndexFor } from './modules/matching/match-index.js';
import { removeStaleWork } from './modules/renditions/render-page.js';

/** Starts the platform: settings, database and migrations, then listen; stops cleanly on SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // close() lets in-flight requests finish but would wait for idle keep-alive sockets to time
    // out (72 s); closing them as they become idle ends the drain as soon as the work is done.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      // New requests answer 503 while the ones in flight finish (within the 10 s above).
      await app.drain(8_000);
      await app.close();
      await database.close();
    } finally {
      clearInterval(idle);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
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
