import { createWriteStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS, type MessageKey } from '@koma/shared';
import { type Storage, TEMP_WRITER, writerGone } from '../../infra/storage.js';
import type { FileFacts } from './file-facts.js';
import { isPageExtension } from './page-format.js';
import { fitsInServer, renderInServer } from './render-in-server.js';
import { type RenderChild, type RenderLimits, startRenderChild } from './render-process.js';
import { OUTPUT, type PageDetails, TILE } from './render-protocol.js';
import { unsupportedFormat } from './render-refusal.js';
import { dziKey, previewKey, renditionFolder, thumbKey } from './rendition-keys.js';

export { TILE };

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
      /** What a `.clip` file says about itself (render-protocol.ts). */
      details?: PageDetails;
      /** What the preflight needs (docs/print.md, "What the render records"). */
      facts?: FileFacts;
    }
  | { status: 'unsupported' | 'failed'; reason: MessageKey };

/** A file to store: its key and, made when its turn comes, its content. */
interface Output {
  key: string;
  source: () => Readable | Promise<Readable>;
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
  limits: RenderLimits,
): Promise<RenderResult> {
  if (!isPageExtension(ext)) return refused(unsupportedFormat());
  const work = await newWorkFolder();
  let child: RenderChild | undefined;
  try {
    // A file, not a stream: TIFF and PSD are read at random places, and libvips maps files well.
    const original = path.join(work, 'original');
    await download(storage, key, original);
    const out = path.join(work, 'out');
    await fs.mkdir(out);
    const small = await fitsInServer(original);
    child = small ? renderInServer(original, out, limits) : startRenderChild(original, out, limits);
    if (await child.previews) {
      await putAll(storage, [
        { key: thumbKey(key), source: () => fileStream(path.join(out, OUTPUT.thumb)) },
        { key: previewKey(key), source: () => fileStream(path.join(out, OUTPUT.preview)) },
      ]);
      await previewsStored();
      child.makeTiles();
    }
    const outcome = await child.outcome;
    if (outcome.status === 'ready') await storeTiles(storage, key, out);
    return outcome;
  } finally {
    await child?.stop();
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** A render's (or a conversion's) own temp folder, once the stale ones are gone. */
export async function newWorkFolder(): Promise<string> {
  await removeStaleWork();
  return fs.mkdtemp(path.join(os.tmpdir(), `${WORK_PREFIX}${TEMP_WRITER}~`));
}

const refused = (refusal: { status: 'unsupported' | 'failed'; reason: MessageKey }): RenderResult => ({
  status: refusal.status,
  reason: refusal.reason,
});

export async function download(storage: Storage, key: string, file: string): Promise<void> {
  const source = await storage.get(key);
  if (!source) throw new Error(`the original of a rendition is not in storage: ${key}`);
  await pipeline(source, createWriteStream(file, { flags: 'wx' }));
}

/** The tiles, then their descriptor: a reader finding the descriptor finds every tile. */
async function storeTiles(storage: Storage, key: string, out: string): Promise<void> {
  const files = path.join(out, `${OUTPUT.tiles}_files`);
  const names = await listTiles(files);
  await putAll(storage, [
    ...names.map((name) => ({
      key: `${renditionFolder(key)}/tiles_files/${name}`,
      source: () => fileStream(path.join(files, name)),
    })),
    { key: dziKey(key), source: () => fileStream(path.join(out, `${OUTPUT.tiles}.dzi`)) },
  ]);
}

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
