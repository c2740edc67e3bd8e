/**
 * Correction sheet budget (issue 14): a chapter's correction sheet of 200 marked pages streams
 * with ≤ 200 MB of extra server memory and its first byte within 1 s.
 *
 *   npm run bench:correction-sheet -- [--pages 200] [--marks 10] [--runs 2]
 * The chapter is seeded in this process (PGlite, local disk), then the real server is started on
 * it in a process of its own, as `npm start` starts it (heap capped at 256 MB); the client reads
 * the PDF over HTTP and throws the bytes away while the server's resident set is read from /proc
 * every 5 ms, so the memory measured is the server's alone. Each page has a stored preview (a 1808 × 2560 WebP of line art, as the render job makes of a B4
 * page) and `--marks` marks of every kind, half of them with a reply.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LIMITS, RenditionStatus, UploadType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { createStorage } from '../apps/server/src/infra/storage.js';
import { chapterPages } from '../apps/server/src/modules/pages/pages.table.js';
import { previewKey } from '../apps/server/src/modules/renditions/rendition-keys.js';
import { pageRenditions } from '../apps/server/src/modules/renditions/renditions.table.js';
import { newUploadKey } from '../apps/server/src/modules/uploads/upload-names.js';
import { uploads } from '../apps/server/src/modules/uploads/uploads.table.js';
import { benchChapter } from './lib/bench-chapter.js';
import { B4_600DPI, lineArtPage } from './lib/line-art.js';
import { seedMarks } from './lib/marks.js';
import { rssOf, startServer } from './lib/processes.js';
import { download, reportBudget } from './lib/stream-measure.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PAGES = arg('pages', 200);
const MARKS = arg('marks', 10);
const RUNS = arg('runs', 2);
const BUDGET = { extraMemoryMb: 200, firstByteMs: 1000 };
const MB = 1024 * 1024;

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

/** The founder's session on the server at `base`, and a call of the API as them. */
async function founderOn(base: string) {
  const post = async (url: string, payload: object, token = '') => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { token }) },
      body: JSON.stringify(payload),
    });
    return (await res.json()).data;
  };
  const login = { username: 'bench1@bench.koma.example', password: 'bench-password' };
  const { token } = await post(contract.accounts.login.path, login);
  return (url: string, payload: object) => post(url, payload, token);
}

/** One sheet downloaded over HTTP with the server's resident set sampled every 5 ms from /proc. */
async function measuredSheet(server: { base: string; pid: number }, url: string) {
  const before = rssOf(server.pid).rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid).rss);
  }, 5);
  const result = await download(`${server.base}${url}`).finally(() => clearInterval(sampler));
  return {
    'size MB': +(result.bytes / MB).toFixed(1),
    'first byte ms': +result.firstByteMs.toFixed(1),
    'total s': +(result.totalMs / 1000).toFixed(2),
    'RSS before MB': +(before / MB).toFixed(0),
    'extra RSS MB': +((peak - before) / MB).toFixed(1),
  };
}

/**
 * Seeds, then serves the chapter from the real server in its own process (as `npm start` runs it:
 * heap capped at 256 MB), so the memory measured is the server's alone, not the seeding's.
 */
async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koma-sheet-bench-'));
  const { database, projectId, chapterId } = await seedChapter(dataDir);
  await database.close();
  const server = await startServer('', { dataDir });
  const rows = [];
  try {
    const call = await founderOn(server.base);
    for (let run = 1; run <= RUNS; run++) {
      const { downloadUrl } = await call(contract.marks.sheetLink.path, {
        projectId,
        chapterId,
        which: 'all',
      });
      rows.push({ run, ...(await measuredSheet(server, downloadUrl)) });
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!reportBudget(rows, BUDGET)) process.exitCode = 1;
}

await main();
