import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MessageKey } from '@koma/shared';
import type { Storage } from '../../infra/storage.js';
import type { FileFacts } from './file-facts.js';
import { type Conversion, convertedName } from './print-convert.js';
import { download, newWorkFolder } from './render-page.js';
import type { RenderLimits } from './render-process.js';
import { startRenderChild } from './render-process.js';

export type ConvertedPage =
  | {
      status: 'ready';
      /** The TIFF (or PNG), read from the work folder, which goes when the stream closes. */
      stream: Readable;
      width: number;
      height: number;
      facts: FileFacts;
    }
  | { status: 'unsupported' | 'failed'; reason: MessageKey };

/**
 * Converts the original stored under `key` for the delivery (print-convert.ts) in a render
 * process of its own, watched like a render (render-process.ts): the original is copied to a temp
 * folder, converted there, and the TIFF handed back as a stream; the folder goes once it is read
 * or dropped. One page's file on local disk at a time per download, never the whole delivery.
 */
export async function convertPage(
  storage: Storage,
  key: string,
  conversion: Conversion,
  limits: RenderLimits,
): Promise<ConvertedPage> {
  const work = await newWorkFolder();
  const removeWork = () => fs.rm(work, { recursive: true, force: true });
  try {
    const original = path.join(work, 'original');
    await download(storage, key, original);
    const out = path.join(work, 'out');
    await fs.mkdir(out);
    const child = startRenderChild(original, out, limits, conversion);
    const outcome = await child.outcome.finally(() => child.stop());
    if (outcome.status !== 'ready') {
      await removeWork();
      return outcome;
    }
    const handle = await fs.open(path.join(out, convertedName(conversion)), 'r');
    const stream = handle.createReadStream();
    stream.once('close', () => void removeWork());
    const { width, height, facts } = outcome;
    return { status: 'ready', stream, width, height, facts };
  } catch (err) {
    await removeWork();
    throw err;
  }
}
