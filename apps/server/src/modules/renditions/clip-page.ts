import fs from 'node:fs/promises';
import { LIMITS } from '@koma/shared/constants';
import { type ClipChunks, readClipChunks } from './clip-chunks.js';
import { type ClipCanvas, readClipDatabase } from './clip-database.js';
import { brokenFile, tooManyPixels } from './render-refusal.js';

/**
 * A CLIP STUDIO PAINT file as a page (docs/renditions.md, "CLIP STUDIO files"), read in the
 * render's process: its chunks walked, its database read, the canvas judged against the pixel
 * cap before any pixel is decoded.
 */
export interface ClipPage extends ClipCanvas {
  /** The whole file (at most LIMITS.fileMaxBytes): the layers' blocks are ranges of it. */
  bytes: Buffer;
  chunks: ClipChunks;
}

export async function readClipPage(file: string): Promise<ClipPage> {
  const bytes = await fs.readFile(file);
  const chunks = readClipChunks(bytes);
  const { offset, length } = chunks.sqlite;
  const canvas = await readClipDatabase(bytes.subarray(offset, offset + length));
  if (canvas.width * canvas.height > LIMITS.renditionMaxPixels) throw tooManyPixels();
  const { preview } = canvas;
  // A preview larger than its canvas, or empty, is not one CLIP STUDIO wrote.
  if (preview && !(preview.width > 0 && preview.height > 0)) throw brokenFile();
  if (preview && preview.width * preview.height > canvas.width * canvas.height) throw brokenFile();
  return { ...canvas, bytes, chunks };
}

/**
 * Bytes a `.clip` render holds at once: the file, its database copied into sql.js's memory, and
 * the embedded preview decoded (RGBA, at most the canvas).
 */
export const clipHeldBytes = (fileBytes: number, sqliteBytes: number, previewPixels: number) =>
  fileBytes + 2 * sqliteBytes + previewPixels * 4;
