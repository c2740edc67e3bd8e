import { LIMITS } from '@koma/shared';
import { badInput } from '../../lib/app-error.js';

/** The avatar thumbnail's edge, as the web app shows avatars. */
export const THUMBNAIL_SIZE = LIMITS.avatarSizePx;
/** A 2 MiB file can still declare a gigantic canvas; decoding one would exhaust memory. */
const MAX_INPUT_PIXELS = 50_000_000;

export const thumbnailKey = (key: string) => `${key}.${THUMBNAIL_SIZE}.webp`;

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
