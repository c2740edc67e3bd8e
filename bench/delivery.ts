/**
 * Delivery budget (issues 31 and 41, docs/print.md "Delivery"): a 校了 chapter of 200 real B4
 * 600-dpi manuscript pages streams its delivery in every format (as handed in, converted to TIFF,
 * the print-ready PDF; each with the proof PDF and the manifest) with its first byte within 1 s
 * and under 64 MB of extra memory, the server's and its children's together.
 *
 *   npm run bench:delivery -- [--pages 200] [--runs 2] [--formats asHandedIn,tiff,pdf]
 * The chapter is seeded in this process (PGlite, local disk), then the real server is started on
 * it in a process of its own, as `npm start` starts it; the client reads the zip over HTTP and
 * drops the bytes while the server's resident set is read from /proc every 5 ms and its process
 * group's (the proof's JPEG process, the conversions' render processes) every 20 ms. The pages
 * are the demo's manuscript drawn at 6071 × 8598 px (B4 at 600 dpi: panels, lines, a dot-screen
 * tone): odd pages as a 1-bit CCITT G4 TIFF saying 600 dpi, even pages as an 8-bit grayscale PNG
 * (gray tones, no resolution: the preflight flags it, and the proof draws the flag), under
 * 商業誌 B5 drawn on B4. Every odd page is the same stored file, every even page the other, so
 * seeding writes two files: the server still reads, hashes, converts and sends every page.
 */
import { Readable } from 'node:stream';
import {
  ChapterStatus,
  type DeliveryFormat,
  drawnFigures,
  LIMITS,
  presetSpec,
  UploadType,
} from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { demoManuscript, demoPage, PRINT_PAGE } from '../apps/server/src/demo/demo-images.js';
import { createStorage } from '../apps/server/src/infra/create-storage.js';
import { chapters } from '../apps/server/src/modules/chapters/chapters.table.js';
import { printSpecs } from '../apps/server/src/modules/print/print-specs.table.js';
import { sharpFacts } from '../apps/server/src/modules/renditions/file-facts.js';
import { previewKey } from '../apps/server/src/modules/renditions/rendition-keys.js';
import { pageRenditions } from '../apps/server/src/modules/renditions/renditions.table.js';
import { newUploadKey } from '../apps/server/src/modules/uploads/upload-names.js';
import { insertUpload } from '../apps/server/src/modules/uploads/uploads.repository.js';
import { benchChapter, insertFinishedPage } from './lib/bench-chapter.js';
import { servedDownloads } from './lib/served-download.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const PAGES = Number(arg('pages', '200'));
const RUNS = Number(arg('runs', '2'));
const FORMATS = arg('formats', 'asHandedIn,tiff,pdf').split(',') as DeliveryFormat[];
const BUDGET = { extraMemoryMb: 64, firstByteMs: 1_000 };

type Db = Awaited<ReturnType<typeof benchChapter>>['database']['db'];
type Storage = ReturnType<typeof createStorage>;

/** A page file stored with its preview and its rendition's facts read from the file itself, as a render stores them. */
async function storePage(db: Db, storage: Storage, founderId: number, file: Buffer, ext: 'tif' | 'png') {
  const key = newUploadKey(UploadType.PAGE, ext);
  await storage.put(key, Readable.from([file]), file.length);
  const long = LIMITS.renditionPreviewPx;
  const image = await sharp(file).resize(long, long, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
  await storage.put(previewKey(key), Readable.from([image]), image.length);
  const meta = await sharp(file).metadata();
  const upload = await insertUpload(db, {
    key,
    userId: founderId,
    type: UploadType.PAGE,
    filename: `page.${ext}`,
    ext,
    size: file.length,
    attachedAt: new Date(),
  });
  await db.insert(pageRenditions).values({
    uploadId: upload.id,
    status: 'ready',
    previewsAt: new Date(),
    width: meta.width,
    height: meta.height,
    ...sharpFacts(meta),
  });
  console.log(
    `stored a ${meta.width} × ${meta.height} ${ext} of ${(file.length / 1024 / 1024).toFixed(1)} MB`,
  );
  return key;
}

async function seedChapter(dataDir: string) {
  const seeded = await benchChapter(dataDir, PAGES);
  const { config, database, founderId, projectId, chapterId } = seeded;
  const { db } = database;
  const storage = createStorage(config);
  const mono = await storePage(db, storage, founderId, await demoManuscript('b', 3, 1, PRINT_PAGE), 'tif');
  const gray = await storePage(db, storage, founderId, await demoPage('b', 3, 2, PRINT_PAGE), 'png');
  for (let num = 1; num <= PAGES; num++) {
    const fileKey = num % 2 === 1 ? mono : gray;
    await insertFinishedPage(db, { chapterId, num, ownerUserId: founderId, fileKey });
  }
  // 商業誌 B5, drawn on B4 and reduced (docs/print.md, "The drawn page").
  const spec = presetSpec('magazineB5');
  await db.insert(printSpecs).values({
    ...spec,
    ...drawnFigures(spec, { drawnPaper: 'b4' }),
    projectId,
    chapterId: null,
    updatedBy: founderId,
  });
  await db.update(chapters).set({ status: ChapterStatus.FINISHED });
  console.log(`seeded ${PAGES} pages`);
  return seeded;
}

await servedDownloads({
  name: 'delivery',
  runs: RUNS,
  budget: BUDGET,
  seed: seedChapter,
  linkPath: contract.print.delivery.path,
  links: FORMATS.map((format) => ({
    label: format,
    payload: ({ projectId, chapterId }) => ({ projectId, chapterId, format }),
  })),
});
