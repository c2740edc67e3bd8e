import os from 'node:os';
import type { JpegReply, JpegRequest } from './jpeg-process.js';
import { loadSharp } from './load-sharp.js';

/**
 * A process that makes stored previews JPEG for a PDF (jpeg-process.ts): decoding images in the
 * server grows its C heap by tens of MB for good (glibc keeps what libvips' threads took), which a
 * delivery of 200 pages would otherwise add to the server (docs/print.md, "Delivery").
 */

/** Below the server's priority, as a render is (render-child.ts). */
const NICENESS = 10;

try {
  os.setPriority(NICENESS);
} catch {
  // A system that refuses it converts at the server's priority.
}

/** Nothing to do once the server has gone. */
process.on('disconnect', () => process.exit(0));

process.on('message', async ({ id, webp, longEdge, quality }: JpegRequest) => {
  let reply: JpegReply;
  try {
    const sharp = await loadSharp();
    // The bytes as they arrived, not a copy of them.
    const jpeg = await sharp(Buffer.from(webp.buffer, webp.byteOffset, webp.byteLength))
      .resize(longEdge, longEdge, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality })
      .toBuffer();
    reply = { id, jpeg };
  } catch (err) {
    reply = { id, error: String((err as Error).message ?? err) };
  }
  process.send?.(reply);
  // The message's bytes live outside V8's heap, which a 64 MB heap with a 1 MB young generation
  // seldom collects: a detailed page's preview is over 1 MB, and 20 of them held 87 MB of PSS
  // where collecting after each held 59 (bench/README.md, "The delivery of a chapter").
  gc?.();
});
