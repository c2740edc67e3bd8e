import { heldBytes, streamedBytes } from './decode-memory.js';
import { loadSharp } from './load-sharp.js';
import { decoderOf } from './page-format.js';
import { readHead, renderFile } from './render-decode.js';
import type { ChildOutcome, RenderChild, RenderLimits } from './render-process.js';
import { RenderRefusal } from './render-refusal.js';

/**
 * A page this small renders in the server itself (docs/renditions.md, "Small pages"): an 8-bit
 * raster of at most SMALL_PIXELS whose decode is estimated within SMALL_BYTES. libvips decodes it
 * on its own threads, so it never holds the event loop, and it skips a process start (about 0.4 s
 * compiled, 0.8 s under tsx), most of such a page's render. PSD and `.clip` files never do (their
 * decoders work on the calling thread), nor 16-bit pages.
 */
const SMALL_PIXELS = 16_000_000;
const SMALL_BYTES = 64 * 1024 * 1024;

export async function fitsInServer(original: string): Promise<boolean> {
  const decoder = decoderOf(await readHead(original));
  if (decoder !== 'sharp') return false;
  const sharp = await loadSharp();
  const header = await sharp(original, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height || header.depth !== 'uchar') return false;
  if (header.width * header.height > SMALL_PIXELS) return false;
  return (await heldBytes(original, header)) + streamedBytes(header.width) <= SMALL_BYTES;
}

/** The same steps as a render process (render-child.ts), in this process: see fitsInServer. */
export function renderInServer(original: string, out: string, limits: RenderLimits): RenderChild {
  let previewsWritten: (written: boolean) => void = () => {};
  const previews = new Promise<boolean>((resolve) => {
    previewsWritten = resolve;
  });
  let goOn: () => void = () => {};
  const tiles = new Promise<void>((resolve) => {
    goOn = resolve;
  });
  const outcome: Promise<ChildOutcome> = renderFile(original, {
    out,
    memoryBytes: limits.memoryBytes,
    previewsWritten: async () => {
      previewsWritten(true);
      await tiles;
    },
  })
    .then(
      ({ width, height, details, facts }): ChildOutcome => ({
        status: 'ready',
        width,
        height,
        details,
        facts,
      }),
    )
    .catch((err: unknown): ChildOutcome => {
      if (!(err instanceof RenderRefusal)) throw err;
      return {
        status: err.status,
        reason: err.reason as Extract<ChildOutcome, { reason: unknown }>['reason'],
      };
    })
    .finally(() => previewsWritten(false));
  // Awaited only once the previews are stored: a rejection meanwhile is not an unhandled one.
  outcome.catch(() => {});
  return {
    previews,
    outcome,
    makeTiles: goOn,
    // Nothing to kill: let it end (a small page takes a moment) before its folder goes.
    stop: async () => {
      goOn();
      await outcome.catch(() => {});
    },
  };
}
