import { createWriteStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS, type MessageKey } from '@koma/shared';
import type { Sharp, SharpOptions } from 'sharp';
import type { Storage } from '../../infra/storage.js';
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
/** Tiles go to the store this many at a time: a store answers each request in its own time. */
const PUT_PARALLEL = 8;
/** Temp folders of renders are named so; one older than STALE_WORK_MS belongs to a render that died. */
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

/** What one render made in its temp folder, before any of it is stored. */
interface Made {
  thumb: Buffer;
  preview: Buffer;
  /** `<folder>/tiles.dzi` and `<folder>/tiles_files/…`. */
  folder: string;
  width: number;
  height: number;
}

/**
 * Makes the renditions of the original stored under `key` (docs/renditions.md): a WebP thumbnail
 * (long edge ≤ LIMITS.renditionThumbPx), a WebP screen preview (≤ LIMITS.renditionPreviewPx) and
 * Deep Zoom tiles down to the original's pixels, stored under `<key>.r/`. A format, canvas or file
 * no rendition is made of is answered, not thrown, and nothing is stored for it. What the store or
 * the local disk fails at is thrown (worth a retry); whatever was stored by then is removed first.
 */
export async function renderPage(storage: Storage, key: string, ext: string): Promise<RenderResult> {
  if (!isPageExtension(ext)) return refused(unsupportedFormat());
  await removeStaleWork();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), WORK_PREFIX));
  try {
    // A file, not a stream: TIFF and PSD are read at random places, and libvips maps files well.
    const original = path.join(work, 'original');
    await download(storage, key, original);
    const made = await make(original, work);
    await store(storage, key, made);
    return { status: 'ready', width: made.width, height: made.height };
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

async function make(original: string, work: string): Promise<Made> {
  const sharp = await loadSharp();
  const decoder = decoderOf(await readHead(original));
  if (!decoder) throw unsupportedFormat();
  if (decoder === 'psd') return onePsdAtATime(() => makeFromPsd(sharp, original, work));

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
  return render(sharp, () => sharp(original, options).autoOrient(), work);
}

/**
 * A PSD or PSB is decoded once into raw RGBA (4 bytes a pixel, 8 at 16 bits); preview and tiles
 * are both cut from that array. Transparent parts show on white, as on paper.
 */
async function makeFromPsd(sharp: SharpModule, original: string, work: string): Promise<Made> {
  const { width, height, data } = await readPsdComposite(original);
  const options: SharpOptions = {
    raw: { width, height, channels: 4 },
    limitInputPixels: LIMITS.renditionMaxPixels,
  };
  return render(sharp, () => sharp(data, options).flatten({ background: '#ffffff' }), work);
}

/**
 * The preview first, then the thumbnail from the preview (one decode of the original for both),
 * then the tiles from a second, sequential decode: libvips builds the pyramid while it streams.
 */
async function render(sharp: SharpModule, open: () => Sharp, work: string): Promise<Made> {
  const long = LIMITS.renditionPreviewPx;
  const preview = await decoding(() =>
    open().resize(long, long, { fit: 'inside', withoutEnlargement: true }).webp(WEBP).toBuffer(),
  );
  const short = LIMITS.renditionThumbPx;
  const thumb = await decoding(() =>
    sharp(preview).resize(short, short, { fit: 'inside', withoutEnlargement: true }).webp(WEBP).toBuffer(),
  );
  const folder = path.join(work, 'out');
  await fs.mkdir(folder);
  const tiles = await decoding(() =>
    open()
      .webp(WEBP)
      .tile({ size: TILE.size, overlap: TILE.overlap, layout: 'dz', container: 'fs' })
      .toFile(path.join(folder, 'tiles')),
  );
  return { thumb, preview, folder, width: tiles.width, height: tiles.height };
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
 * Stores every output under `<key>.r/`, the descriptor last; on a failure removes what it stored
 * and throws. Nothing is shown before the rendition row says ready, so the order is only tidiness.
 */
async function store(storage: Storage, key: string, made: Made): Promise<void> {
  const folder = renditionFolder(key);
  const tileFiles = await listTiles(path.join(made.folder, 'tiles_files'));
  const files: { key: string; source: () => Readable | Promise<Readable> }[] = [
    ...tileFiles.map((relative) => ({
      key: `${folder}/tiles_files/${relative}`,
      source: () => fileStream(path.join(made.folder, 'tiles_files', relative)),
    })),
    { key: thumbKey(key), source: () => Readable.from([made.thumb]) },
    { key: previewKey(key), source: () => Readable.from([made.preview]) },
  ];
  const written: string[] = [];
  try {
    await putAll(storage, files, written);
    written.push(dziKey(key));
    await storage.put(
      dziKey(key),
      await fileStream(path.join(made.folder, 'tiles.dzi')),
      LIMITS.fileMaxBytes,
    );
  } catch (err) {
    await Promise.allSettled(written.map((k) => storage.delete(k)));
    throw err;
  }
}

/**
 * Puts files PUT_PARALLEL at a time, recording each key before its put; stops taking new ones at
 * the first failure and throws it once the running ones are done. (A handful of lines, so no
 * dependency for it.)
 */
async function putAll(
  storage: Storage,
  files: { key: string; source: () => Readable | Promise<Readable> }[],
  written: string[],
): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < files.length) {
      const file = files[next++] as (typeof files)[number];
      written.push(file.key);
      try {
        await storage.put(file.key, await file.source(), LIMITS.fileMaxBytes);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: PUT_PARALLEL }, worker));
  if (failure !== undefined) throw failure;
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
 * Temp folders a killed render left behind (renders take seconds; an hour-old one is no one's).
 * Each render looks, so no separate sweep is needed.
 */
async function removeStaleWork(now = Date.now()): Promise<void> {
  const tmp = os.tmpdir();
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(WORK_PREFIX))) {
    const stats = await fs.stat(path.join(tmp, name)).catch(() => null);
    if (stats && now - stats.mtimeMs > STALE_WORK_MS)
      await fs.rm(path.join(tmp, name), { recursive: true, force: true });
  }
}

type SharpModule = typeof import('sharp');
let sharpModule: SharpModule | undefined;

/**
 * sharp on first use (libvips is memory an instance that never renders does not need), with
 * libvips' operation cache off: every render reads a different file once, so a cache would only
 * hold memory (this is process-wide; the avatar thumbnails do not reuse images either).
 */
async function loadSharp(): Promise<SharpModule> {
  if (!sharpModule) {
    const { default: sharp } = await import('sharp');
    sharp.cache(false);
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
