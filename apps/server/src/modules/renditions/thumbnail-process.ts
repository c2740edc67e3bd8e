import fs from 'node:fs/promises';
import path from 'node:path';
import { newWorkFolder } from './render-page.js';
import { type RenderLimits, startRenderChild } from './render-process.js';
import { THUMBNAIL } from './thumbnail-decode.js';

/** How a thumbnail made in a child ended: its WebP, or why there is none. */
export type ChildThumbnail = { status: 'ready'; webp: Buffer } | { status: 'tooHeavy' | 'broken' };

/**
 * Makes the thumbnail of `image` in a render's child process (render-child.ts), watched as a render
 * is (render-process.ts: killed past `limits`): the image is written to a work folder, the child
 * writes the thumbnail beside it, and the folder goes once it is read.
 */
export async function thumbnailInChild(
  image: Buffer,
  edge: number,
  limits: RenderLimits,
): Promise<ChildThumbnail> {
  const work = await newWorkFolder();
  try {
    const original = path.join(work, 'original');
    await fs.writeFile(original, image);
    const out = path.join(work, 'out');
    await fs.mkdir(out);
    const child = startRenderChild(original, out, limits, { thumbnailEdge: edge });
    const outcome = await child.outcome.finally(() => child.stop());
    if (outcome.status === 'ready')
      return { status: 'ready', webp: await fs.readFile(path.join(out, THUMBNAIL)) };
    return { status: outcome.reason === 'renditionTooHeavy' ? 'tooHeavy' : 'broken' };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
