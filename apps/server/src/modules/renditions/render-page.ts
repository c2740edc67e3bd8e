import { createWriteStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS, type MessageKey } from '@koma/shared';
import type { Sharp, SharpOptions } from 'sharp';
import { type Storage, TEMP_WRITER, writerGone } from '../../infra/storage.js';
import { decoderOf, isPageExtension, SIGNATURE_LENGTH } from './page-format.js';
import { readPsdComposite } from './psd-composite.js';
import { brokenFile, RenderRefusal, tooManyPixels, unsupportedFormat } from './render-refusal.js';
import { dziKey, previewKey, renditionFolder, thumbKey } from './rendition-keys.js';

/**
 * Deep Zoom tiles of 512 px with their 1 px overlap: a quarter of the files (and store requests) of
 * libvips' 254 px default, still small enough for the viewer's first screen to come quickly.
 */
export const TILE = { size: 510, overlap: 1, format: 'webp' } as const;
const WEBP = { quality: 80 } as const;
/**
 * Tiles are encoded with less effort: half the time of the default effort for about 3 % more
 * bytes (measured on a 52 MP page, docs/renditions.md), and they are most of the work.
 */
const TILE_WEBP = { quality: 80, effort: 2 } as const;
/** Tiles go to the store this many at a time: a store answers each request in its own time. */
const PUT_PARALLEL = 8;
/**
 * Temp folders of renders are named `koma-render-<host>.<pid>~<random>`: one of a process that no
 * longer runs (killed mid-render) is removed by the next render or start on the machine; one of
 * another machine sharing the folder once older than STALE_WORK_MS.
 */
const WORK_PREFIX = 'koma-render-';
const STALE_WORK_MS = 60 * 60_000;

export type RenderResult =
  | {
      status: 'ready';
      /** The displayed page, which is the tiles' full-resolution level. */
      width: number;
      height: number;
    }
  | { status: 'unsupported' | 'failed'; reason: MessageKey };

/** A file to store: its key and, made when its turn comes, its content. */
interface Output {
  key: string;
  source: () => Readable | Promise<Readable>;
}

/** Where one render reads and writes, and whom it tells when the previews are stored. */
interface Job {
  storage: Storage;
  key: string;
  work: string;
  previewsStored: () => Promise<void>;
}

/**
 * Makes the renditions of the original stored under `key` (docs/renditions.md), in two stages: a
 * WebP screen preview (long edge ≤ LIMITS.renditionPreviewPx) and a thumbnail
 * (≤ LIMITS.renditionThumbPx), stored, then `previewsStored()` is awaited; then Deep Zoom tiles
 * down to the original's pixels, stored. Everything goes under `<key>.r/`. A format, canvas or
 * file no rendition is made of is answered, not thrown (the caller removes the previews a late
 * refusal leaves). What the store or the local disk fails at is thrown, worth a retry: the files
 * of the stage that failed are removed first.
 */
export async function renderPage(
  storage: Storage,
  key: string,
  ext: string,
  previewsStored: () => Promise<void>,
): Promise<RenderResult> {
  if (!isPageExtension(ext)) return refused(unsupportedFormat());
  await removeStaleWork();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `${WORK_PREFIX}${TEMP_WRITER}~`));
  try {
    // A file, not a stream: TIFF and PSD are read at random places, and libvips maps files well.
    const original = path.join(work, 'original');
    await download(storage, key, original);
    const { width, height } = await renderFile(original, { storage, key, work, previewsStored });
    return { status: 'ready', width, height };
  } catch (err) {
    if (err instanceof RenderRefusal) return refused(err);
    throw err;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

const refused = (refusal: RenderRefusal): RenderResult => ({
  status: refusal.status,
  reason: refusal.reason,
});

async function download(storage: Storage, key: string, file: string): Promise<void> {
  const source = await storage.get(key);
  if (!source) throw new Error(`the original of a rendition is not in storage: ${key}`);
  await pipeline(source, createWriteStream(file, { flags: 'wx' }));
}

async function renderFile(original: string, job: Job): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const decoder = decoderOf(await readHead(original));
  if (!decoder) throw unsupportedFormat();
  if (decoder === 'psd') return onePsdAtATime(() => renderPsd(sharp, original, job));

  const options: SharpOptions = {
    limitInputPixels: LIMITS.renditionMaxPixels,
    sequentialRead: true,
    // Truncated or corrupt data fails instead of rendering grey; mere warnings (an unknown TIFF
    // tag) do not.
    failOn: 'error',
  };
  // The header alone, without the limit: a canvas over it gets its own reason, not "broken".
  const header = await decoding(() => sharp(original, { ...options, limitInputPixels: false }).metadata());
  if (!header.width || !header.height) throw brokenFile();
  if (header.width * header.height > LIMITS.renditionMaxPixels) throw tooManyPixels();
  // The first page of a multi-page TIFF or an animated GIF or WebP is sharp's default.
  return renderStages(sharp, () => sharp(original, options).autoOrient(), job);
}

/**
 * A PSD or PSB is decoded once into raw RGBA (4 bytes a pixel, 8 at 16 bits); previews and tiles
 * are both cut from that array. Transparent parts show on white, as on paper.
 */
async function renderPsd(sharp: SharpModule, original: string, job: Job) {
  const { width, height, data } = await readPsdComposite(original);
  const options: SharpOptions = {
    raw: { width, height, channels: 4 },
    limitInputPixels: LIMITS.renditionMaxPixels,
  };
  return renderStages(sharp, () => sharp(data, options).flatten({ background: '#ffffff' }), job);
}

/**
 * The preview first, then the thumbnail from the preview (one decode of the original for both),
 * stored and announced; then the tiles from a second, sequential decode: libvips builds the
 * pyramid while it streams, so memory stays bounded by a few rows of tiles.
 */
async function renderStages(sharp: SharpModule, open: () => Sharp, job: Job) {
  const long = LIMITS.renditionPreviewPx;
  const preview = await decoding(() =>
    open().resize(long, long, { fit: 'inside', withoutEnlargement: true }).webp(WEBP).toBuffer(),
  );
  const short = LIMITS.renditionThumbPx;
  const thumb = await decoding(() =>
    sharp(preview).resize(short, short, { fit: 'inside', withoutEnlargement: true }).webp(WEBP).toBuffer(),
  );
  await putAll(job.storage, [
    { key: thumbKey(job.key), source: () => Readable.from([thumb]) },
    { key: previewKey(job.key), source: () => Readable.from([preview]) },
  ]);
  await job.previewsStored();

  const folder = path.join(job.work, 'out');
  await fs.mkdir(folder);
  const tiles = await decoding(() =>
    open()
      .webp(TILE_WEBP)
      .tile({ size: TILE.size, overlap: TILE.overlap, layout: 'dz', container: 'fs' })
      .toFile(path.join(folder, 'tiles')),
  );
  const names = await listTiles(path.join(folder, 'tiles_files'));
  await putAll(job.storage, [
    ...names.map((name) => ({
      key: `${renditionFolder(job.key)}/tiles_files/${name}`,
      source: () => fileStream(path.join(folder, 'tiles_files', name)),
    })),
    { key: dziKey(job.key), source: () => fileStream(path.join(folder, 'tiles.dzi')) },
  ]);
  return { width: tiles.width, height: tiles.height };
}

/**
 * Runs a decoding step: what the decoder refuses is a broken file (or a canvas over the limit),
 * while the local disk's own failures (full, not writable) are thrown as they are, to be retried.
 */
async function decoding<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const message = (err as Error).message ?? '';
    if ((err as NodeJS.ErrnoException).code || LOCAL_TROUBLE.test(message)) throw err;
    if (/exceeds pixel limit/i.test(message)) throw tooManyPixels();
    throw brokenFile();
  }
}

const LOCAL_TROUBLE =
  /no space left|too many open files|read-only file system|permission denied|unable to (open|write)/i;

/**
 * Stores outputs PUT_PARALLEL at a time (a store answers each request in its own time). At the
 * first failure it takes no new ones, removes every one it started once the running ones are
 * done, and throws. (A handful of lines, so no dependency for it.)
 */
async function putAll(storage: Storage, outputs: Output[]): Promise<void> {
  const started: string[] = [];
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < outputs.length) {
      const output = outputs[next++] as Output;
      started.push(output.key);
      try {
        await storage.put(output.key, await output.source(), LIMITS.fileMaxBytes);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: PUT_PARALLEL }, worker));
  if (failure === undefined) return;
  await Promise.allSettled(started.map((key) => storage.delete(key)));
  throw failure;
}

/** Tile images under `tiles_files/` as `<level>/<column>_<row>.webp` (libvips' own notes left out). */
async function listTiles(root: string): Promise<string[]> {
  const entries: Dirent[] = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(`.${TILE.format}`))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

async function fileStream(file: string): Promise<Readable> {
  const handle = await fs.open(file, 'r');
  return handle.createReadStream();
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(SIGNATURE_LENGTH);
    const { bytesRead } = await handle.read(head, 0, SIGNATURE_LENGTH, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Temp folders a killed render left behind: at once when their process is gone (a start also
 * takes those under its own pid, a previous life's, as in a container where the server is always
 * pid 1), otherwise once an hour old (renders take seconds). Each render looks, and each start.
 */
export async function removeStaleWork({ starting = false } = {}): Promise<number> {
  const tmp = os.tmpdir();
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.startsWith(WORK_PREFIX))) {
    const stats = await fs.stat(path.join(tmp, name)).catch(() => null);
    const gone = writerGone(name.slice(WORK_PREFIX.length), starting);
    if (!stats || !(gone || Date.now() - stats.mtimeMs > STALE_WORK_MS)) continue;
    await fs.rm(path.join(tmp, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

type SharpModule = typeof import('sharp');
let sharpModule: SharpModule | undefined;

/**
 * sharp on first use (libvips is memory an instance that never renders does not need), with
 * libvips' operation cache off: every render reads a different file once, so a cache would only
 * hold memory (this is process-wide; the avatar thumbnails do not reuse images either).
 */
export async function loadSharp(): Promise<SharpModule> {
  if (!sharpModule) {
    const { default: sharp } = await import('sharp');
    sharp.cache(false);
    // One libvips thread per image: the job runner already renders one page per core, and more
    // threads than cores starved the event loop (API reads p95 150 → 84 ms, bench/README.md).
    sharp.concurrency(1);
    sharpModule = sharp;
  }
  return sharpModule;
}

let psdTurn: Promise<unknown> = Promise.resolve();

/**
 * PSD composites are whole arrays in memory (up to 1 GB at the pixel limit), so an instance decodes
 * one at a time; the other formats stream through libvips and need no turn. (A promise chain of
 * three lines; a queue library would add nothing.)
 */
function onePsdAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = psdTurn.then(task, task);
  psdTurn = run.catch(() => {});
  return run;
}
