import { LIMITS } from '@koma/shared';
import type { Metadata } from 'sharp';
import { badInput, unavailable } from '../../lib/app-error.js';
import { turns } from '../../lib/turns.js';
import { heldBytesOfHeader } from '../renditions/decode-memory.js';
import { loadSharp } from '../renditions/load-sharp.js';
import { squareThumbnail, thumbnailBytes } from '../renditions/thumbnail-decode.js';
import { thumbnailInChild } from '../renditions/thumbnail-process.js';

/** The avatar thumbnail's edge, as the web app shows avatars. */
export const THUMBNAIL_SIZE = LIMITS.avatarSizePx;
/** A 2 MiB file can still declare a gigantic canvas; decoding one would exhaust memory. */
const MAX_INPUT_PIXELS = LIMITS.imageMaxPixels;
const MB = 1024 * 1024;

/**
 * The thumbnail budgets (docs/files.md, "Avatar thumbnails"). An image whose decoder holds at most
 * IN_SERVER_HELD_BYTES whole (a baseline JPEG or a PNG streams and holds nothing; a small
 * progressive JPEG or GIF) is made in the server, on libvips' threads, two at once. Any other is
 * made in a render's child process (render-process.ts), one at a time, watched and killed past
 * CHILD_LIMITS, with at most CHILD_QUEUE_MAX more waiting (then 503 `thumbnailBusy`, retry-after);
 * one whose estimate passes them is refused before it is decoded at all: a 49 MP
 * progressive JPEG holds 294 MB of coefficients, and eight of them at once once took the server
 * to 1.95 GB.
 */
const IN_SERVER_HELD_BYTES = 16 * MB;
const inServer = turns(2);
const CHILD_LIMITS = { memoryBytes: 256 * MB, wallMs: 60_000 };
const inChild = turns(1);
const CHILD_QUEUE_MAX = 4;

export const thumbnailKey = (key: string) => `${key}.${THUMBNAIL_SIZE}.webp`;

/**
 * Refuses an uploaded image that no decoder should be handed: one sharp cannot read (a polyglot
 * whose image header is followed by anything else, a truncated file), or whose header declares
 * more than LIMITS.imageMaxPixels (a decompression bomb: 10,000 × 10,000 px fit in a few KB).
 * Only the header is read, never the pixels; it is answered for the thumbnail's budget. The
 * browsers that show the image are spared too.
 */
export async function checkImage(image: Buffer): Promise<Metadata> {
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    // limitInputPixels off for the header only: the size is judged below, with its own message.
    header = await sharp(image, { limitInputPixels: false }).metadata();
  } catch {
    throw badInput('imageType');
  }
  const { width, height } = header;
  if (!width || !height) throw badInput('imageType');
  if (width * height > MAX_INPUT_PIXELS) throw badInput('imageTooManyPixels');
  return header;
}

/**
 * The avatar's thumbnail (a square WebP of its first frame), within the budgets above: 400
 * `imageTooHeavy` when its decode would pass them, `imageType` when it cannot be read.
 */
export async function makeThumbnail(image: Buffer, header: Metadata): Promise<Buffer> {
  if (heldBytesOfHeader(header) <= IN_SERVER_HELD_BYTES) return inServer.run(() => thumbnailHere(image));
  if (thumbnailBytes(header) > CHILD_LIMITS.memoryBytes) throw badInput('imageTooHeavy');
  if (inChild.waiting >= CHILD_QUEUE_MAX) throw unavailable('thumbnailBusy');
  const made = await inChild.run(() => thumbnailInChild(image, THUMBNAIL_SIZE, CHILD_LIMITS));
  if (made.status === 'ready') return made.webp;
  throw badInput(made.status === 'tooHeavy' ? 'imageTooHeavy' : 'imageType');
}

async function thumbnailHere(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await squareThumbnail(sharp, image, THUMBNAIL_SIZE).toBuffer();
  } catch {
    throw badInput('imageType');
  }
}
