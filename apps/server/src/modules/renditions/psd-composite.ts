import fs from 'node:fs/promises';
import { LIMITS } from '@koma/shared/constants';
import { initializeCanvas, type PixelData, readPsd } from 'ag-psd';
import { brokenFile, tooManyPixels, unsupportedFormat } from './render-refusal.js';

/** The flattened image of a PSD or PSB as raw RGBA pixels, 8 or 16 bits a channel. */
export type Composite = PixelData;

/** The fixed 26-byte header both PSD (version 1) and PSB (version 2) start with. */
const HEADER_LENGTH = 26;
/** Colour modes ag-psd composes (bitmap, grayscale, indexed, RGB) at the depths it reads. */
const READABLE = new Map<number, number[]>([
  [0, [1]],
  [1, [8, 16]],
  [2, [8]],
  [3, [8, 16]],
]);

/**
 * ag-psd makes its pixel arrays through a canvas unless told otherwise; the server has none (no
 * node-canvas), and plain arrays are what sharp takes as raw input anyway.
 */
initializeCanvas(
  () => {
    throw new Error('no canvas on the server: ag-psd is read with useImageData');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }) as ImageData,
);

/** The canvas and depth a PSD or PSB header declares. */
export interface PsdSize {
  width: number;
  height: number;
  depth: number;
  /** The header's colour mode: 0 bitmap, 1 grayscale, 2 indexed, 3 RGB (READABLE). */
  mode: number;
}

/** The composite, and the resolution the file's image resources say (null when they do not). */
export interface PsdComposite {
  imageData: Composite;
  dpi: number | null;
}

/**
 * Reads the composite a PSD or PSB file stores beside its layers (the image Photoshop shows
 * flattened), never the layers' own pixels, once its header was judged (`readPsdHeader`): the
 * file (at most LIMITS.fileMaxBytes) and one RGBA array are then in memory.
 */
export async function readPsdComposite(
  file: string,
  { width, height, depth }: PsdSize,
): Promise<PsdComposite> {
  const bytes = await fs.readFile(file);
  // The RGBA array, and the table of compressed row lengths (4 bytes a row and channel, at most
  // 16 channels) read before it.
  const size = width * height * 4 * (depth === 16 ? 2 : 1) + height * 16 * 4;
  let imageData: Composite | undefined;
  let resolution: NonNullable<ReturnType<typeof readPsd>['imageResources']>['resolutionInfo'];
  try {
    let imageResources: ReturnType<typeof readPsd>['imageResources'];
    ({ imageData, imageResources } = readPsd(bytes, {
      skipLayerImageData: true,
      skipThumbnail: true,
      skipLinkedFilesData: true,
      useImageData: true,
      // What the composite needs and nothing more: a file that makes ag-psd allocate beyond fails.
      totalMemoryLimit: size,
    }));
    resolution = imageResources?.resolutionInfo;
  } catch (err) {
    // ag-psd says "not supported" (sic "supproted") for what it cannot read in a sound file.
    if (/not support|not supproted/i.test((err as Error).message)) throw unsupportedFormat();
    throw brokenFile();
  }
  if (!imageData || imageData.width !== width || imageData.height !== height) throw brokenFile();
  return { imageData, dpi: ppi(resolution) };
}

/**
 * The header, judged before anything is allocated: a canvas over LIMITS.renditionMaxPixels or a
 * mode ag-psd cannot compose is refused.
 */
export async function readPsdHeader(file: string): Promise<PsdSize> {
  const handle = await fs.open(file, 'r');
  const header = Buffer.alloc(HEADER_LENGTH);
  try {
    const { bytesRead } = await handle.read(header, 0, HEADER_LENGTH, 0);
    if (bytesRead < HEADER_LENGTH) throw brokenFile();
  } finally {
    await handle.close();
  }
  const version = header.readUInt16BE(4);
  const height = header.readUInt32BE(14);
  const width = header.readUInt32BE(18);
  const depth = header.readUInt16BE(22);
  const mode = header.readUInt16BE(24);
  if ((version !== 1 && version !== 2) || width === 0 || height === 0) throw brokenFile();
  if (width * height > LIMITS.renditionMaxPixels) throw tooManyPixels();
  if (!READABLE.get(mode)?.includes(depth)) throw unsupportedFormat();
  return { width, height, depth, mode };
}

/** Pixels per inch from the ResolutionInfo resource, which may be per centimetre. */
function ppi(info: { horizontalResolution: number; horizontalResolutionUnit: 'PPI' | 'PPCM' } | undefined) {
  if (!info?.horizontalResolution) return null;
  return info.horizontalResolutionUnit === 'PPCM'
    ? info.horizontalResolution * 2.54
    : info.horizontalResolution;
}
