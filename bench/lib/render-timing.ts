import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIMITS, UploadType } from '@koma/shared';
import { testConfig } from '../../apps/server/src/config.js';
import { type Db, openDatabase } from '../../apps/server/src/db/client.js';
import { createStorage } from '../../apps/server/src/infra/create-storage.js';
import type { Storage } from '../../apps/server/src/infra/storage.js';
import { users } from '../../apps/server/src/modules/accounts/accounts.table.js';
import { renderUpload, renditionsOf } from '../../apps/server/src/modules/renditions/renditions.service.js';
import { newUploadKey } from '../../apps/server/src/modules/uploads/upload-names.js';
import { insertUpload } from '../../apps/server/src/modules/uploads/uploads.repository.js';
import { seedPeople } from './seed-people.js';

/**
 * Renders timed as the rendering job makes them (bench/renditions.ts, bench/clip-renditions.ts):
 * renderUpload() on the bench's database and local storage.
 */

const POLL_MS = 20;

/** The machine's load averages (1, 5, 15 min), for the results: the renders share its CPUs. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A PGlite database, migrated, with one user, and local disk storage, in a folder of their own. */
export async function renderBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-renditions-bench-'));
  const config = testConfig({ dataDir, pgliteDir: path.join(dataDir, 'pglite'), databaseUrl: undefined });
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;
  const storage = createStorage(config);
  await seedPeople(db, 1, 'not used');
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  if (!user) throw new Error('no user seeded');
  const close = async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, storage, user, close };
}

/** Stores the page as a new upload of `userId` (a file `page.<ext>`); its id. */
export async function uploadPage(
  db: Db,
  storage: Storage,
  userId: number,
  page: Buffer,
  ext = 'png',
): Promise<number> {
  const key = newUploadKey(UploadType.PAGE, ext);
  await storage.put(key, Readable.from([page]), LIMITS.fileMaxBytes);
  const row = await insertUpload(db, {
    key,
    userId,
    type: UploadType.PAGE,
    filename: `page.${ext}`,
    ext,
    size: page.length,
    attachedAt: new Date(),
  });
  return row.id;
}

/**
 * Renders one upload; when its previews and its tiles became visible, in ms from the start.
 * "Previews ready" is when the row first names thumbnail and preview (polled every 20 ms, as a
 * reader would see it), "tiles ready" when the row is ready.
 */
export async function timedRender(db: Db, storage: Storage, uploadId: number) {
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
