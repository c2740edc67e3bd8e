import fs from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@koma/shared/constants';
import type { Sharp, SharpOptions } from 'sharp';
import { heldBytes, PROCESS_BYTES, psdHeldBytes, streamedBytes } from './decode-memory.js';
import { clipFacts, type FileFacts, psdFacts, sharpFacts } from './file-facts.js';
import { loadSharp } from './load-sharp.js';
import { decoderOf, SIGNATURE_LENGTH } from './page-format.js';
import { OUTPUT, type PageDetails, TILE } from './render-protocol.js';
import { brokenFile, tooHeavy, tooManyPixels, unsupportedFormat } from './render-refusal.js';

/**
 * The decoding half of a render, run in its own process (render-child.ts, docs/renditions.md):
 * reads the original, judges its header (pixels, then the memory its decode needs), and writes
 * the preview and thumbnail, then the Deep Zoom tiles, into `out`.
 */

const WEBP = { quality: 80 } as const;
/**
 * Tiles are encoded with less effort: half the time of the default effort for about 3 % more
 * bytes (measured on a 52 MP page, docs/renditions.md), and they are most of the work.
 */
const TILE_WEBP = { quality: 80, effort: 2 } as const;

export type SharpModule = Awaited<ReturnType<typeof loadSharp>>;

export interface Target {
  /** The folder the outputs are written into (OUTPUT names). */
  out: string;
  /** Bytes the render may use; a decode estimated to need more is refused (`tooHeavy`). */
  memoryBytes: number;
  /** Called once the preview and thumbnail are written, before the tiles are made. */
  previewsWritten: () => Promise<void>;
}

/** What a render ends with: the tiles' size, and what a `.clip` says about itself. */
export interface Rendered {
  width: number;
  height: number;
  details?: PageDetails;
  /** What the preflight needs, read from the header on the way (docs/print.md). */
  facts: FileFacts;
}

/**
 * An original opened for reading, its header judged: `open` reads it whole for the previews,
 * `tiled` at the canvas's full size (they differ for a `.clip` shown from its embedded preview).
 */
export interface Opened {
  open: () => Sharp;
  tiled: () => Sharp;
  details?: PageDetails;
  facts: FileFacts;
}

export async function renderFile(original: string, target: Target): Promise<Rendered> {
  const sharp = await loadSharp();
  const { open, tiled, details, facts } = await openOriginal(sharp, original, target.memoryBytes);
  const rendered = await renderStages(sharp, open, target, tiled);
  return { ...rendered, facts, ...(details && { details }) };
}

/**
 * Reads the original's header, refuses what is not a page, too many pixels or too heavy for
 * `memoryBytes`, and decodes what must be decoded up front (a PSD's composite, a `.clip`'s layers).
 * Shared by the render and the delivery's conversion (print-convert.ts).
 */
export async function openOriginal(
  sharp: SharpModule,
  original: string,
  memoryBytes: number,
): Promise<Opened> {
  const decoder = decoderOf(await readHead(original));
  if (!decoder) throw unsupportedFormat();
  if (decoder === 'psd') return openPsd(sharp, original, memoryBytes);
  if (decoder === 'clip') return openClip(sharp, original, memoryBytes);

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
  withinBudget(header.width, await heldBytes(original, header), memoryBytes);
  // The first page of a multi-page TIFF or an animated GIF or WebP is sharp's default.
  const open = () => sharp(original, options).autoOrient();
  return { open, tiled: open, facts: sharpFacts(header) };
}

function withinBudget(width: number, held: number, memoryBytes: number) {
  if (!fits(width, held, memoryBytes)) throw tooHeavy();
}

const fits = (width: number, held: number, memoryBytes: number) =>
  PROCESS_BYTES + streamedBytes(width) + held <= memoryBytes;

/**
 * A PSD or PSB is decoded once into raw RGBA (4 bytes a pixel, 8 at 16 bits); previews and tiles
 * are both cut from that array. Transparent parts show on white, as on paper.
 */
async function openPsd(sharp: SharpModule, original: string, memoryBytes: number): Promise<Opened> {
  // ag-psd only for a PSD: loading it is a good part of a render process's start.
  const { readPsdComposite, readPsdHeader } = await import('./psd-composite.js');
  const size = await readPsdHeader(original);
  withinBudget(size.width, psdHeldBytes(size, (await fs.stat(original)).size), memoryBytes);
  const { imageData, dpi } = await readPsdComposite(original, size);
  const { width, height, data } = imageData;
  const options: SharpOptions = {
    raw: { width, height, channels: 4 },
    limitInputPixels: LIMITS.renditionMaxPixels,
  };
  const open = () => sharp(data, options).flatten({ background: '#ffffff' });
  return { open, tiled: open, facts: psdFacts(size.mode, size.depth, dpi) };
}

/**
 * A `.clip` file is drawn from its layers at the canvas's size when the composite can draw them
 * and its memory fits the budget; otherwise it is shown from the preview CLIP STUDIO stores in it,
 * enlarged to the canvas's size so that marks and comparisons line up with any other revision, and
 * the page says so (`previewQuality`). docs/renditions.md, "CLIP STUDIO files".
 */
async function openClip(sharp: SharpModule, original: string, memoryBytes: number): Promise<Opened> {
  const { clipHeldBytes, readClipPage } = await import('./clip-page.js');
  const fileBytes = (await fs.stat(original)).size;
  // The file and, at worst, a database as large as the file, before either is read.
  withinBudget(0, clipHeldBytes(fileBytes, fileBytes, 0), memoryBytes);
  const page = await readClipPage(original);
  const { width, height, preview, stack } = page;
  const read = clipHeldBytes(fileBytes, page.chunks.sqlite.length, 0);
  const composite =
    stack && fits(width, read + width * height * 3, memoryBytes) ? await composed(page, stack) : null;
  const details = (previewQuality: boolean): PageDetails => ({
    previewQuality,
    dpi: page.dpi || null,
    layers: page.layers,
  });
  const facts = clipFacts(page.dpi || null);
  if (composite) {
    const options: SharpOptions = {
      raw: { width, height, channels: composite.channels },
      limitInputPixels: LIMITS.renditionMaxPixels,
    };
    const open = () => sharp(composite.pixels, options);
    return { open, tiled: open, details: details(false), facts };
  }
  if (!preview) throw brokenFile();
  withinBudget(width, read + preview.width * preview.height * 4, memoryBytes);
  const png = Buffer.from(preview.png);
  const options: SharpOptions = { limitInputPixels: LIMITS.renditionMaxPixels, failOn: 'error' };
  const open = () => sharp(png, options).flatten({ background: '#ffffff' });
  const tiled = () => open().resize(width, height, { fit: 'fill' });
  return { open, tiled, details: details(true), facts };
}

async function composed(
  page: import('./clip-page.js').ClipPage,
  stack: import('./clip-layers.js').ClipLayer[],
) {
  const { compositeClip } = await import('./clip-composite.js');
  return compositeClip({ ...page, extas: page.chunks.extas }, stack);
}

/**
 * The preview first, then the thumbnail from the preview (one decode of the original for both),
 * written and announced; then the tiles from a second, sequential decode: libvips builds the
 * pyramid while it streams, so memory stays bounded by a few rows of tiles.
 */
async function renderStages(sharp: SharpModule, open: () => Sharp, target: Target, tiled = open) {
  const long = LIMITS.renditionPreviewPx;
  const preview = await decoding(() =>
    open().resize(long, long, { fit: 'inside', withoutEnlargement: true }).webp(WEBP).toBuffer(),
  );
  const short = LIMITS.renditionThumbPx;
  await decoding(() =>
    sharp(preview)
      .resize(short, short, { fit: 'inside', withoutEnlargement: true })
      .webp(WEBP)
      .toFile(path.join(target.out, OUTPUT.thumb)),
  );
  await fs.writeFile(path.join(target.out, OUTPUT.preview), preview);
  await target.previewsWritten();

  const tiles = await decoding(() =>
    tiled()
      .webp(TILE_WEBP)
      .tile({ size: TILE.size, overlap: TILE.overlap, layout: 'dz', container: 'fs' })
      .toFile(path.join(target.out, OUTPUT.tiles)),
  );
  return { width: tiles.width, height: tiles.height };
}

/**
 * Runs a decoding step: what the decoder refuses is a broken file (or a canvas over the limit),
 * while the local disk's own failures (full, not writable) are thrown as they are, to be retried.
 */
export async function decoding<T>(step: () => Promise<T>): Promise<T> {
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

export async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(SIGNATURE_LENGTH);
    const { bytesRead } = await handle.read(head, 0, SIGNATURE_LENGTH, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
