import { LIMITS } from '@koma/shared/constants';
import type { Metadata, Sharp } from 'sharp';
import { heldBytesOfHeader, PROCESS_BYTES } from './decode-memory.js';
import { sharpFacts } from './file-facts.js';
import { loadSharp } from './load-sharp.js';
import type { Rendered, SharpModule } from './render-decode.js';
import { brokenFile, tooHeavy } from './render-refusal.js';

/** The file a thumbnail task writes into its output folder. */
export const THUMBNAIL = 'thumbnail.webp';

/** A square, cover-cropped WebP of an image's first frame, turned by its EXIF orientation. */
export function squareThumbnail(sharp: SharpModule, input: string | Buffer, edge: number): Sharp {
  return sharp(input, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' })
    .rotate()
    .resize(edge, edge, { fit: 'cover' })
    .webp({ quality: 80 });
}

/** What a thumbnail's decode holds: the process and what the decoder keeps whole (decode-memory.ts). */
export const thumbnailBytes = (header: Metadata) => PROCESS_BYTES + heldBytesOfHeader(header);

/**
 * An avatar's thumbnail, made in a render's child process (render-child.ts, started by
 * thumbnail-process.ts): its header judged against `memoryBytes` first, as a render's is.
 */
export async function thumbnailFile(
  original: string,
  outFile: string,
  edge: number,
  memoryBytes: number,
): Promise<Rendered> {
  const sharp = await loadSharp();
  const header = await sharp(original, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw brokenFile();
    });
  if (!header.width || !header.height || header.width * header.height > LIMITS.imageMaxPixels)
    throw brokenFile();
  if (thumbnailBytes(header) > memoryBytes) throw tooHeavy();
  const made = await squareThumbnail(sharp, original, edge)
    .toFile(outFile)
    .catch(() => {
      throw brokenFile();
    });
  return { width: made.width, height: made.height, facts: sharpFacts(header) };
}
