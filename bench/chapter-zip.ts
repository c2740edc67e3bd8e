/**
 * Manuscript zip budget (issue: production): a 200-page chapter of 2 MB pages streams with under
 * 64 MB of extra server memory and its first byte within 300 ms.
 *
 *   npm run bench:zip -- [--pages 200] [--mb 2] [--runs 3]
 * (node --expose-gc, so each run starts from a collected heap)
 * The server runs in this process (PGlite, local disk), listening on a real socket; the client
 * reads the zip over HTTP and throws the bytes away, so the memory measured is the server's.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { createStorage } from '../apps/server/src/infra/create-storage.js';
import { newUploadKey } from '../apps/server/src/modules/uploads/upload-names.js';
import { benchChapter, benchDownloads, insertFinishedPage } from './lib/bench-chapter.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAGES = arg('pages', 200);
const PAGE_BYTES = arg('mb', 2) * 1024 * 1024;
const RUNS = arg('runs', 3);
const BUDGET = { extraMemoryMb: 64, firstByteMs: 300 };
const MB = 1024 * 1024;

/** Random bytes, a chunk at a time: nothing along the way can shrink them, and seeding stays small. */
function* randomChunks(size: number): Generator<Buffer> {
  const chunk = 64 * 1024;
  for (let left = size; left > 0; left -= chunk) yield randomBytes(Math.min(chunk, left));
}

async function seedChapter(dataDir: string) {
  const seeded = await benchChapter(dataDir, PAGES);
  const { config, database, founderId, chapterId } = seeded;
  const { db } = database;
  const storage = createStorage(config);
  const started = Date.now();
  for (let num = 1; num <= PAGES; num++) {
    const key = newUploadKey(UploadType.PAGE, 'png');
    // Random bytes: nothing along the way can shrink them.
    await storage.put(key, Readable.from(randomChunks(PAGE_BYTES)), PAGE_BYTES);
    await insertFinishedPage(db, { chapterId, num, ownerUserId: founderId, fileKey: key });
  }
  console.log(
    `seeded ${PAGES} pages of ${PAGE_BYTES / MB} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return seeded;
}

await benchDownloads({
  name: 'zip',
  runs: RUNS,
  budget: BUDGET,
  seed: seedChapter,
  linkCall: ({ projectId, chapterId }) => ({
    url: contract.workflow.downloadZip.path,
    payload: { projectId, chapterId, link: true },
  }),
});
