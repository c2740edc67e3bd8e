import { LIMITS } from '@koma/shared';
import { badInput } from '../../lib/app-error.js';

/** The avatar thumbnail's edge, as the web app shows avatars. */
export const THUMBNAIL_SIZE = LIMITS.avatarSizePx;
/** A 2 MiB file can still declare a gigantic canvas; decoding one would exhaust memory. */
const MAX_INPUT_PIXELS = LIMITS.imageMaxPixels;

export const thumbnailKey = (key: string) => `${key}.${THUMBNAIL_SIZE}.webp`;

/**
 * Refuses an uploaded image that no decoder should be handed: one sharp cannot read (a polyglot
 * whose image header is followed by anything else, a truncated file), or whose header declares
 * more than LIMITS.imageMaxPixels (a decompression bomb: 10,000 × 10,000 px fit in a few KB).
 * Only the header is read, never the pixels. The browsers that show the image are spared too.
 */
export async function checkImage(image: Buffer): Promise<void> {
  const { default: sharp } = await import('sharp');
  let width: number | undefined;
  let height: number | undefined;
  try {
    // limitInputPixels off for the header only: the size is judged below, with its own message.
    ({ width, height } = await sharp(image, { limitInputPixels: false }).metadata());
  } catch {
    throw badInput('imageType');
  }
  if (!width || !height) throw badInput('imageType');
  if (width * height > MAX_INPUT_PIXELS) throw badInput('imageTooManyPixels');
}

/** A square, cover-cropped WebP of an image's first frame; an image sharp cannot read is refused. */
export async function makeThumbnail(image: Buffer): Promise<Buffer> {
  // Loaded on the first avatar: libvips is ~10 MB of memory an instance may never need.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw badInput('imageType');
  }
}
