/**
 * Delivery budget (issue 31, docs/print.md "Delivery"): a 校了 chapter of 200 pages of 50 MB
 * streams its delivery (as handed in: the proof PDF, every page, the manifest with each page's
 * SHA-256) with its first byte within 1 s and under 64 MB of extra server memory.
 *
 *   npm run bench:delivery -- [--pages 200] [--mb 50] [--runs 2]
 * The chapter is seeded in this process (PGlite, local disk), then the real server is started on
 * it in a process of its own, as `npm start` starts it; the client reads the zip over HTTP and
 * drops the bytes while the server's resident set is read from /proc every 5 ms, so the memory
 * measured is the server's alone. Every page is the same
 * stored 50 MB file with a real preview, so seeding writes 50 MB rather than 10 GB: the server
 * still reads, hashes and sends 10 GB, and draws 200 proof pages.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ChapterStatus, presetSpec, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { createStorage } from '../apps/server/src/infra/create-storage.js';
import { chapters } from '../apps/server/src/modules/chapters/chapters.table.js';
import { printSpecs } from '../apps/server/src/modules/print/print-specs.table.js';
import { previewKey } from '../apps/server/src/modules/renditions/rendition-keys.js';
import { pageRenditions } from '../apps/server/src/modules/renditions/renditions.table.js';
import { newUploadKey } from '../apps/server/src/modules/uploads/upload-names.js';
import { insertUpload } from '../apps/server/src/modules/uploads/uploads.repository.js';
import { benchChapter, insertFinishedPage } from './lib/bench-chapter.js';
import { servedDownloads } from './lib/served-download.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAGES = arg('pages', 200);
const PAGE_BYTES = arg('mb', 50) * 1024 * 1024;
const RUNS = arg('runs', 2);
const BUDGET = { extraMemoryMb: 64, firstByteMs: 1_000 };
/** 単行本 B6 at 600 dpi: the pixels a page of it has (docs/print.md). */
const [WIDTH, HEIGHT] = [3165, 4441];

/** Random bytes, a chunk at a time: nothing along the way can shrink them. */
function* randomChunks(size: number): Generator<Buffer> {
  const chunk = 64 * 1024;
  for (let left = size; left > 0; left -= chunk) yield randomBytes(Math.min(chunk, left));
}

/** A preview as the render stores it: WebP, long edge 2560, some drawing so it does not vanish. */
const preview = () =>
  sharp({ create: { width: 1824, height: 2560, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: { create: { width: 900, height: 1200, channels: 3, background: '#202020' } },
        top: 400,
        left: 400,
      },
    ])
    .webp({ quality: 80 })
    .toBuffer();

async function seedChapter(dataDir: string) {
  const seeded = await benchChapter(dataDir, PAGES);
  const { config, database, founderId, projectId, chapterId } = seeded;
  const { db } = database;
  const storage = createStorage(config);
  const key = newUploadKey(UploadType.PAGE, 'psd');
  await storage.put(key, Readable.from(randomChunks(PAGE_BYTES)), PAGE_BYTES);
  const image = await preview();
  await storage.put(previewKey(key), Readable.from([image]), image.length);
  const upload = await insertUpload(db, {
    key,
    userId: founderId,
    type: UploadType.PAGE,
    filename: 'page.psd',
    ext: 'psd',
    size: PAGE_BYTES,
    attachedAt: new Date(),
  });
  await db.insert(pageRenditions).values({
    uploadId: upload.id,
    status: 'ready',
    previewsAt: new Date(),
    width: WIDTH,
    height: HEIGHT,
    colourMode: 'mono',
    bitDepth: 1,
    density: 600,
  });
  for (let num = 1; num <= PAGES; num++) {
    await insertFinishedPage(db, { chapterId, num, ownerUserId: founderId, fileKey: key });
  }
  await db
    .insert(printSpecs)
    .values({ ...presetSpec('tankobonB6'), projectId, chapterId: null, updatedBy: founderId });
  await db.update(chapters).set({ status: ChapterStatus.FINISHED });
  console.log(`seeded ${PAGES} pages of one ${PAGE_BYTES / 1024 / 1024} MB file`);
  return seeded;
}

await servedDownloads({
  name: 'delivery',
  runs: RUNS,
  budget: BUDGET,
  seed: seedChapter,
  linkPath: contract.print.delivery.path,
  linkPayload: ({ projectId, chapterId }) => ({ projectId, chapterId, format: 'asHandedIn' }),
});
