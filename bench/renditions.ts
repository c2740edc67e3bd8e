/**
 * Rendition budgets (issue 13), for a 52 MP 600-dpi B4 grayscale page (6071 × 8598, 8-bit PNG):
 * thumbnail and preview ready ≤ 3 s and tiles ready ≤ 15 s (p95 of --runs renders one at a time),
 * and four renders at once add ≤ 400 MB to the process's resident memory.
 *
 *   npm run bench:renditions -- [--runs 20] [--concurrent 4]
 * (node --expose-gc, so the memory baseline starts from a collected heap)
 * Renders run in this process as the job runs them in the server: renderUpload() on a PGlite
 * database and local disk storage. "Previews ready" is when the row first names thumbnail and
 * preview (polled every 20 ms, as a reader would see it), "tiles ready" when the row is ready.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIMITS, UploadType } from '@koma/shared';
import { testConfig } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/client.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createStorage, type Storage } from '../apps/server/src/infra/storage.js';
import { users } from '../apps/server/src/modules/accounts/accounts.table.js';
import { renderUpload, renditionsOf } from '../apps/server/src/modules/renditions/renditions.service.js';
import { newUploadKey } from '../apps/server/src/modules/uploads/upload-names.js';
import { insertUpload } from '../apps/server/src/modules/uploads/uploads.repository.js';
import { B4_600DPI, lineArtPage } from './lib/line-art.js';
import { seedPeople } from './lib/seed-people.js';
import { percentile } from './lib/stats.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = arg('runs', 20);
const CONCURRENT = arg('concurrent', 4);
const { width: WIDTH, height: HEIGHT } = B4_600DPI;
const BUDGET = { previewsMs: 3_000, tilesMs: 15_000, extraMemoryMb: 400 };
const MB = 1024 * 1024;
const POLL_MS = 20;

/** Stores the page as a new upload of `userId`; its id. */
async function uploadPage(db: Db, storage: Storage, userId: number, page: Buffer): Promise<number> {
  const key = newUploadKey(UploadType.PAGE, 'png');
  await storage.put(key, Readable.from([page]), LIMITS.fileMaxBytes);
  const row = await insertUpload(db, {
    key,
    userId,
    type: UploadType.PAGE,
    filename: 'page.png',
    ext: 'png',
    size: page.length,
    attachedAt: new Date(),
  });
  return row.id;
}

/** Renders one upload; when its previews and its tiles became visible, in ms from the start. */
async function timedRender(db: Db, storage: Storage, uploadId: number) {
  const started = performance.now();
  let previewsMs = Number.NaN;
  let done = false;
  const watch = (async () => {
    while (!done && Number.isNaN(previewsMs)) {
      const seen = (await renditionsOf(db, [uploadId])).get(uploadId);
      if (seen?.preview) previewsMs = performance.now() - started;
      else await sleep(POLL_MS);
    }
  })();
  const status = await renderUpload({ db, storage }, uploadId);
  const tilesMs = performance.now() - started;
  done = true;
  await watch;
  if (status !== 'ready') throw new Error(`the page rendered as ${status}`);
  return { previewsMs, tilesMs };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-renditions-bench-'));
  const config = testConfig({ dataDir, pgliteDir: path.join(dataDir, 'pglite'), databaseUrl: undefined });
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;
  const storage = createStorage(config);
  await seedPeople(db, 1, 'not used');
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  if (!user) throw new Error('no user seeded');

  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const page = await lineArtPage();
  console.log(
    `page: ${WIDTH} × ${HEIGHT} grayscale PNG, ${(page.length / MB).toFixed(1)} MB; ${os.cpus().length} CPUs`,
  );

  // One render to load sharp and warm the disk cache; not counted.
  await timedRender(db, storage, await uploadPage(db, storage, user.id, page));

  // Four at once first, while the process holds only what one render left behind.
  const ids = [];
  for (let i = 0; i < CONCURRENT; i++) ids.push(await uploadPage(db, storage, user.id, page));
  global.gc?.();
  await sleep(200);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, POLL_MS);
  const together = performance.now();
  const concurrent = await Promise.all(ids.map((id) => timedRender(db, storage, id)));
  const togetherMs = performance.now() - together;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const extraMb = (peak - baseline) / MB;

  const runs: { previewsMs: number; tilesMs: number }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const uploadId = await uploadPage(db, storage, user.id, page);
    runs.push(await timedRender(db, storage, uploadId));
  }
  const previews = runs.map((r) => r.previewsMs);
  const tiles = runs.map((r) => r.tilesMs);

  const seconds = (ms: number) => +(ms / 1000).toFixed(2);
  console.table([
    {
      measure: `previews ready (${RUNS} one at a time)`,
      'p50 s': seconds(percentile(previews, 50)),
      'p95 s': seconds(percentile(previews, 95)),
      'budget s': BUDGET.previewsMs / 1000,
    },
    {
      measure: `tiles ready (${RUNS} one at a time)`,
      'p50 s': seconds(percentile(tiles, 50)),
      'p95 s': seconds(percentile(tiles, 95)),
      'budget s': BUDGET.tilesMs / 1000,
    },
    {
      measure: `previews ready (${CONCURRENT} at once)`,
      'p50 s': seconds(
        percentile(
          concurrent.map((r) => r.previewsMs),
          50,
        ),
      ),
      'p95 s': seconds(
        percentile(
          concurrent.map((r) => r.previewsMs),
          95,
        ),
      ),
      'budget s': '',
    },
    {
      measure: `tiles ready (${CONCURRENT} at once)`,
      'p50 s': seconds(
        percentile(
          concurrent.map((r) => r.tilesMs),
          50,
        ),
      ),
      'p95 s': seconds(
        percentile(
          concurrent.map((r) => r.tilesMs),
          95,
        ),
      ),
      'budget s': '',
    },
  ]);
  console.log(
    `${CONCURRENT} at once: all done in ${seconds(togetherMs)} s; RSS ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB, extra ${extraMb.toFixed(0)} MB (budget ${BUDGET.extraMemoryMb})`,
  );
  const met =
    percentile(previews, 95) <= BUDGET.previewsMs &&
    percentile(tiles, 95) <= BUDGET.tilesMs &&
    extraMb <= BUDGET.extraMemoryMb;
  console.log(`load average before: ${loadBefore}; ${met ? 'every budget met' : 'BUDGET MISSED'}`);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!met) process.exitCode = 1;
}

await main();
