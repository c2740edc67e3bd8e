import { diffPixels, type Size } from './pixel-diff';

/**
 * The pixel difference off the main thread (docs/viewer.md): two previews of about 2 MP take
 * tens of milliseconds to compare, which would stall the zoom and the keys. The page hands over
 * the two pictures already scaled to one size (ImageBitmaps, transferred, not copied); the
 * difference comes back as RGBA, transferred too.
 */
export interface DiffRequest {
  base: ImageBitmap;
  other: ImageBitmap;
  size: Size;
}

export type DiffReply = { pixels: Uint8ClampedArray; changed: number; total: number } | { error: string };

// The worker's global scope, typed by hand: the web's TypeScript setup has the DOM's types only.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DiffRequest>) => void) | null;
  postMessage(message: DiffReply, transfer?: Transferable[]): void;
};

function rgbaOf(bitmap: ImageBitmap, { width, height }: Size): Uint8ClampedArray {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D context');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return context.getImageData(0, 0, width, height).data;
}

scope.onmessage = ({ data }) => {
  try {
    const diff = diffPixels(rgbaOf(data.base, data.size), rgbaOf(data.other, data.size), data.size);
    scope.postMessage(diff, [diff.pixels.buffer]);
  } catch (error) {
    scope.postMessage({ error: String(error) });
  }
};
