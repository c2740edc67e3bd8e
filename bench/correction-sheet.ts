import { Readable } from 'node:stream';
import { LIMITS, RenditionStatus, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { createStorage } from '../apps/server/src/infra/create-storage.js';
import { chapterPages } from '../apps/server/src/modules/pages/pages.table.js';
import { previewKey } from '../apps/server/src/modules/renditions/rendition-keys.js';
import { pageRenditions } from '../apps/server/src/modules/renditions/renditions.table.js';
import { newUploadKey } from '../apps/server/src/modules/uploads/upload-names.js';
import { uploads } from '../apps/server/src/modules/uploads/uploads.table.js';
import { benchChapter } from './lib/bench-chapter.js';
import { B4_600DPI, lineArtPage } from './lib/line-art.js';
import { seedMarks } from './lib/marks.js';
import { servedDownloads } from './lib/served-download.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAGES = arg('pages', 200);
const MARKS = arg('marks', 10);
const RUNS = arg('runs', 2);
const BUDGET = { extraMemoryMb: 200, firstByteMs: 1000 };

/** The preview the render job stores of a B4 page: long edge 2560 px, WebP quality 80. */
async function previewBytes(): Promise<Buffer> {
  const scale = LIMITS.renditionPreviewPx / B4_600DPI.height;
  const size = { width: Math.round(B4_600DPI.width * scale), height: LIMITS.renditionPreviewPx };
  return sharp(await lineArtPage(size))
    .webp({ quality: 80 })
    .toBuffer();
}

async function seedChapter(dataDir: string) {
  const seeded = await benchChapter(dataDir, PAGES);
  const { config, database, founderId, chapterId } = seeded;
  const { db } = database;
  const storage = createStorage(config);
  const preview = await previewBytes();
  const started = Date.now();
  for (let num = 1; num <= PAGES; num++) {
    const key = newUploadKey(UploadType.PAGE, 'png');
    await storage.put(previewKey(key), Readable.from([preview]), preview.length);
    const [upload] = await db
      .insert(uploads)
      .values({
        key,
        userId: founderId,
        type: UploadType.PAGE,
        filename: `${num}.png`,
        ext: 'png',
        size: 1,
        attachedAt: new Date(),
      })
      .returning({ id: uploads.id });
    const uploadId = upload?.id ?? 0;
    await db.insert(pageRenditions).values({ uploadId, status: RenditionStatus.READY, ...B4_600DPI });
    const [page] = await db
      .insert(chapterPages)
      .values({ chapterId, num, status: 4, fileKey: key })
      .returning({ id: chapterPages.id });
    await seedMarks(db, { pageId: page?.id ?? 0, uploadId, authorId: founderId }, MARKS);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `seeded ${PAGES} pages (preview ${(preview.length / 1024).toFixed(0)} KB, ${MARKS} marks each) in ${seconds} s`,
  );
  return seeded;
}

await servedDownloads({
  name: 'sheet',
  runs: RUNS,
  budget: BUDGET,
  seed: seedChapter,
  linkPath: contract.marks.sheetLink.path,
  links: [
    { label: 'all marks', payload: ({ projectId, chapterId }) => ({ projectId, chapterId, which: 'all' }) },
  ],
});
