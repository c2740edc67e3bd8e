/**
 * Correction sheet budget (issue 14): a chapter's correction sheet of 200 marked pages streams
 * with ≤ 200 MB of extra server memory and its first byte within 1 s.
 *
 *   npm run bench:correction-sheet -- [--pages 200] [--marks 10] [--runs 1]
 * (node --expose-gc, so each run starts from a collected heap)
 * The server runs in this process (PGlite, local disk), listening on a real socket; the client
 * reads the PDF over HTTP and throws the bytes away, so the memory measured is the server's. Each
 * page has a stored preview (a 1808 × 2560 WebP of line art, as the render job makes of a B4
 * page) and `--marks` marks of every kind, half of them with a reply.
 */
import { Readable } from 'node:stream';
import { LIMITS, type MarkShape, RenditionStatus, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import type { Db } from '../apps/server/src/db/client.js';
import { createStorage } from '../apps/server/src/infra/storage.js';
import { pageMarkReplies, pageMarks } from '../apps/server/src/modules/marks/marks.table.js';
import { chapterPages } from '../apps/server/src/modules/pages/pages.table.js';
import { previewKey } from '../apps/server/src/modules/renditions/rendition-keys.js';
import { pageRenditions } from '../apps/server/src/modules/renditions/renditions.table.js';
import { newUploadKey } from '../apps/server/src/modules/uploads/upload-names.js';
import { uploads } from '../apps/server/src/modules/uploads/uploads.table.js';
import { benchChapter, benchDownloads } from './lib/bench-chapter.js';
import { B4_600DPI, lineArtPage } from './lib/line-art.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAGES = arg('pages', 200);
const MARKS = arg('marks', 10);
const RUNS = arg('runs', 1);
const BUDGET = { extraMemoryMb: 200, firstByteMs: 1000 };

/** The preview the render job stores of a B4 page: long edge 2560 px, WebP quality 80. */
async function previewBytes(): Promise<Buffer> {
  const scale = LIMITS.renditionPreviewPx / B4_600DPI.height;
  const size = { width: Math.round(B4_600DPI.width * scale), height: LIMITS.renditionPreviewPx };
  return sharp(await lineArtPage(size))
    .webp({ quality: 80 })
    .toBuffer();
}

/** Marks of every kind spread over the B4 original, in its pixels. */
function shapeOf(i: number): MarkShape {
  const x = 300 + ((i * 523) % 5000);
  const y = 300 + ((i * 811) % 7500);
  const shapes: MarkShape[] = [
    { type: 'rect', x, y, w: 400, h: 300 },
    { type: 'ellipse', x, y, w: 500, h: 350 },
    { type: 'arrow', from: [x, y], to: [x + 400, y - 200] },
    {
      type: 'pen',
      points: Array.from({ length: 50 }, (_, k) => [x + k * 8, y + Math.round(40 * Math.sin(k / 4))]),
    },
    { type: 'text', x, y, text: 'ここ修正' },
  ];
  return shapes[i % shapes.length] as MarkShape;
}

async function seedMarks(db: Db, pageId: number, uploadId: number, authorId: number) {
  const rows = await db
    .insert(pageMarks)
    .values(
      Array.from({ length: MARKS }, (_, i) => ({
        pageId,
        uploadId,
        num: i + 1,
        shape: shapeOf(i),
        color: (['red', 'blue', 'green'] as const)[i % 3] as 'red',
        comment: `トーンが抜けています。吹き出しの向きを逆にしてください（${i + 1}）`,
        authorId,
      })),
    )
    .returning({ id: pageMarks.id });
  const replied = rows.filter((_, i) => i % 2 === 0);
  await db
    .insert(pageMarkReplies)
    .values(replied.map((r) => ({ markId: r.id, userId: authorId, content: '了解です、直します' })));
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
      .values({ key, userId: founderId, type: UploadType.PAGE, filename: `${num}.png`, ext: 'png', size: 1 })
      .returning({ id: uploads.id });
    const uploadId = upload?.id ?? 0;
    await db.insert(pageRenditions).values({ uploadId, status: RenditionStatus.READY, ...B4_600DPI });
    const [page] = await db
      .insert(chapterPages)
      .values({ chapterId, num, status: 4, fileKey: key })
      .returning({ id: chapterPages.id });
    await seedMarks(db, page?.id ?? 0, uploadId, founderId);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `seeded ${PAGES} pages (preview ${(preview.length / 1024).toFixed(0)} KB, ${MARKS} marks each) in ${seconds} s`,
  );
  return seeded;
}

await benchDownloads({
  name: 'sheet',
  runs: RUNS,
  budget: BUDGET,
  seed: seedChapter,
  linkCall: ({ projectId, chapterId }) => ({
    url: contract.marks.sheetLink.path,
    payload: { projectId, chapterId, which: 'all' },
  }),
});
