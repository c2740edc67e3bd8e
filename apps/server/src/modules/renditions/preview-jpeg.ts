import type { Storage } from '../../infra/storage.js';
import { loadSharp } from './load-sharp.js';
import { previewKey } from './rendition-keys.js';

/**
 * The stored preview of the original under `key`, scaled to `longEdge` and made JPEG for a PDF
 * (PDF has no WebP): a correction sheet's picture. Decoded by sharp on libvips' threads, off the
 * event loop; a delivery's proof makes its JPEGs in a process of its own instead (jpeg-process.ts).
 * null when the original has no preview.
 */
export async function previewJpeg(
  storage: Storage,
  key: string,
  longEdge: number,
  quality: number,
): Promise<Buffer | null> {
  const stream = await storage.get(previewKey(key));
  if (!stream) return null;
  const sharp = await loadSharp();
  const resize = sharp()
    .resize(longEdge, longEdge, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality });
  return stream.pipe(resize).toBuffer();
}
