/**
 * Rendition budget of a CLIP STUDIO page (issue 31): a 52 MP `.clip` (600-dpi B4, 6071 × 8598)
 * has its thumbnail and preview ready ≤ 3 s after the hand-in, as a PSD or TIFF does, and its
 * tiles within the 15 s of issue 13 (p95 of --runs renders one at a time).
 *
 *   npm run bench:clip -- [--runs 5]
 * The page is made by bench/lib/clip-file.ts: a paper layer and two raster layers (tone, ink) whose
 * composite is exactly the grayscale PNG of bench/lib/line-art.ts, which is rendered in the same
 * run as the reference (alternately first and second), so the ratio says what the `.clip` costs
 * beyond the same pixels as a PNG. Renders as bench/renditions.ts makes them (renderUpload() on
 * PGlite and local disk, lib/render-timing.ts). Before the timed runs, the `.clip`'s rendition is
 * checked to be drawn from its layers (not the embedded preview) into the PNG's picture.
 */
import os from 'node:os';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../apps/server/src/db/client.js';
import type { Storage } from '../apps/server/src/infra/storage.js';
import { renditionsOf } from '../apps/server/src/modules/renditions/renditions.service.js';
import { clipPage } from './lib/clip-file.js';
import { B4_600DPI, lineArtPage } from './lib/line-art.js';
import { loadAverage, renderBench, timedRender, uploadPage } from './lib/render-timing.js';
import { percentile } from './lib/stats.js';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const BUDGET = { previewsMs: 3_000, tilesMs: 15_000 };
const MB = 1024 * 1024;
/** Mean difference per pixel (0–255) the `.clip`'s preview may have from the PNG's: WebP's loss. */
const SAME_PICTURE = 1;

type Timing = { previewsMs: number; tilesMs: number };

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('a preview is missing from storage');
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The preview of a rendered upload, one grey byte a pixel; and what the row says of the page. */
async function previewOf(db: Db, storage: Storage, uploadId: number) {
  const row = (await renditionsOf(db, [uploadId])).get(uploadId);
  const webp = await bytesOf(await storage.get(row?.preview ?? ''));
  const { data } = await sharp(webp).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { row, data };
}

/**
 * Throws unless the `.clip` was drawn from its layers at its canvas's size into the PNG's picture:
 * a preview-quality fallback, a blank or a wrong composite would be measuring something else.
 */
async function checkSamePicture(db: Db, storage: Storage, pngId: number, clipId: number) {
  const png = await previewOf(db, storage, pngId);
  const clip = await previewOf(db, storage, clipId);
  const { width, height } = B4_600DPI;
  if (clip.row?.width !== width || clip.row?.height !== height || clip.row?.details?.previewQuality !== false)
    throw new Error(`the .clip did not render from its layers: ${JSON.stringify(clip.row)}`);
  if (png.data.length !== clip.data.length) throw new Error('the previews differ in size');
  let difference = 0;
  let darkness = 0;
  for (let i = 0; i < png.data.length; i++) {
    difference += Math.abs((png.data[i] as number) - (clip.data[i] as number));
    darkness += 255 - (png.data[i] as number);
  }
  const [mean, dark] = [difference / png.data.length, darkness / png.data.length];
  if (!(mean <= SAME_PICTURE && mean < dark / 4))
    throw new Error(`the .clip's preview is not the PNG's: mean difference ${mean.toFixed(2)}`);
  return `mean difference ${mean.toFixed(3)} (the line art's mean darkness: ${dark.toFixed(1)})`;
}

async function main() {
  const { db, storage, user, close } = await renderBench();
  const loadBefore = loadAverage();
  const png = await lineArtPage();
  const made = performance.now();
  const clip = (await clipPage()).bytes;
  const madeMs = performance.now() - made;
  const { width, height } = B4_600DPI;
  console.log(
    `page: ${width} × ${height}; PNG ${(png.length / MB).toFixed(1)} MB, .clip ${(clip.length / MB).toFixed(1)} MB (made in ${(madeMs / 1000).toFixed(1)} s); ${os.cpus().length} CPUs`,
  );
  const render = async (kind: 'png' | 'clip') =>
    timedRender(db, storage, await uploadPage(db, storage, user.id, kind === 'png' ? png : clip, kind));

  // One render of each to load sharp and sql.js and warm the disk cache; not counted, but checked.
  const pngId = await uploadPage(db, storage, user.id, png, 'png');
  const clipId = await uploadPage(db, storage, user.id, clip, 'clip');
  await timedRender(db, storage, pngId);
  await timedRender(db, storage, clipId);
  console.log(
    `the .clip renders from its layers into the PNG's picture: ${await checkSamePicture(db, storage, pngId, clipId)}`,
  );

  const times: Record<'png' | 'clip', Timing[]> = { png: [], clip: [] };
  for (let run = 1; run <= RUNS; run++) {
    // Each first in turn, so that a busier moment of the machine does not fall on one alone.
    const order = run % 2 ? (['png', 'clip'] as const) : (['clip', 'png'] as const);
    for (const kind of order) times[kind].push(await render(kind));
  }

  const seconds = (ms: number) => +(ms / 1000).toFixed(2);
  const p = (kind: 'png' | 'clip', stage: keyof Timing, at: number) =>
    percentile(
      times[kind].map((t) => t[stage]),
      at,
    );
  const rows = (['previewsMs', 'tilesMs'] as const).flatMap((stage) => {
    const name = stage === 'previewsMs' ? 'previews ready' : 'tiles ready';
    return (['clip', 'png'] as const).map((kind) => ({
      measure: `${name}, ${kind === 'clip' ? '.clip' : 'PNG'} (${RUNS} one at a time)`,
      'p50 s': seconds(p(kind, stage, 50)),
      'p95 s': seconds(p(kind, stage, 95)),
      '.clip / PNG (p95)': kind === 'clip' ? +(p('clip', stage, 95) / p('png', stage, 95)).toFixed(2) : '',
      'budget s': kind === 'clip' ? BUDGET[stage] / 1000 : '',
    }));
  });
  console.table(rows);
  const met = p('clip', 'previewsMs', 95) <= BUDGET.previewsMs && p('clip', 'tilesMs', 95) <= BUDGET.tilesMs;
  console.log(`load average before: ${loadBefore}; ${met ? 'every budget met' : 'BUDGET MISSED'}`);
  await close();
  if (!met) process.exitCode = 1;
}

await main();
