import { diffSize, type Size } from './pixel-diff';
import type { DiffReply, DiffRequest } from './pixel-diff.worker';

/** The difference of two revisions' previews, as a picture the deep-zoom view opens. */
export interface PreviewDiff {
  /** A blob: link to the diff picture (PNG); the caller revokes it. */
  url: string;
  changed: number;
  total: number;
  size: Size;
}

/**
 * A preview, decoded. Previews are private links to the store: with S3 another origin, asked for
 * with CORS so the canvas can read the pixels (the bucket has to allow the site's origin).
 */
async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  if (new URL(url, window.location.href).origin !== window.location.origin) image.crossOrigin = 'anonymous';
  image.src = url;
  await image.decode();
  return image;
}

/** Runs the comparison in a worker (lib/pixel-diff.worker.ts); stopped when `signal` aborts. */
function inWorker(request: DiffRequest, signal: AbortSignal): Promise<DiffReply> {
  const worker = new Worker(new URL('./pixel-diff.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<DiffReply>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = ({ data }: MessageEvent<DiffReply>) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      resolve(data);
    };
    worker.onerror = (event) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'pixel diff worker failed'));
    };
    worker.postMessage(request, [request.base, request.other]);
  });
}

async function pngUrlOf(pixels: Uint8ClampedArray, { width, height }: Size): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(pixels), width, height), 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the diff picture could not be encoded');
  return URL.createObjectURL(blob);
}

/**
 * Loads both previews, scales them to one size (decoded and resized off the main thread by
 * createImageBitmap) and compares them in a worker: the viewer stays responsive meanwhile.
 */
export async function diffPreviews(
  baseUrl: string,
  otherUrl: string,
  signal: AbortSignal,
): Promise<PreviewDiff> {
  const [base, other] = await Promise.all([loadImage(baseUrl), loadImage(otherUrl)]);
  const size = diffSize(
    { width: base.naturalWidth, height: base.naturalHeight },
    { width: other.naturalWidth, height: other.naturalHeight },
  );
  const resize = { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' } as const;
  const [baseBitmap, otherBitmap] = await Promise.all([
    createImageBitmap(base, resize),
    createImageBitmap(other, resize),
  ]);
  signal.throwIfAborted();
  const reply = await inWorker({ base: baseBitmap, other: otherBitmap, size }, signal);
  if ('error' in reply) throw new Error(reply.error);
  return { url: await pngUrlOf(reply.pixels, size), changed: reply.changed, total: reply.total, size };
}
