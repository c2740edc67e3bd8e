import type { PrintColour } from '@koma/shared';
import type { Sharp } from 'sharp';
import type { FileFacts } from './file-facts.js';
import { loadSharp } from './load-sharp.js';
import { decoding, openOriginal } from './render-decode.js';

/**
 * What the delivery converts a final file to (docs/print.md, "Delivery"): the spec's colour, the
 * resolution its header says, and, when the printer asks for pages at print size, the scale the
 * drawn pixels are resampled by and the page (trim + bleed, in pixels) they are cut to, centred.
 */
export interface Conversion {
  colour: PrintColour;
  dpi: number;
  resample: { scale: number; width: number; height: number } | null;
  /**
   * `png` for the print-ready PDF (delivery-pdf.ts): a PNG's IDAT is the Flate stream a PDF image
   * takes as it is, 1-bit mono included, so the server copies it without decoding a pixel.
   */
  container?: 'png';
}

/** The file a conversion writes into its output folder. */
export const convertedName = (conversion: Conversion) =>
  conversion.container === 'png' ? 'page.png' : 'page.tif';

/**
 * Gray above this (of 255) becomes white in 1-bit mono: mid-gray, as printers' own conversion
 * does; a page meant for 1-bit print is drawn in black and white already (the preflight warns
 * about a gray file, docs/print.md).
 */
const MONO_THRESHOLD = 128;

const MM_PER_INCH = 25.4;

/**
 * Converts an original (any page format, a `.clip` from its layers) to a print TIFF at its own
 * pixel size: the pixels decide the printed size (docs/print.md), so nothing is resampled unless
 * the printer asks for print size; the resolution tag says the dpi that prints the pixels at size
 * (the drawn dpi over the reduction). 1-bit mono is CCITT G4, the fax code every RIP reads;
 * grayscale and colour are LZW; for the PDF, a PNG (Conversion.container). Runs where the render runs (a process of its own, render-child.ts).
 */
export async function convertFile(
  original: string,
  outFile: string,
  conversion: Conversion,
  memoryBytes: number,
): Promise<{ width: number; height: number; facts: FileFacts }> {
  const sharp = await loadSharp();
  const { tiled } = await openOriginal(sharp, original, memoryBytes);
  const pixelsPerMm = conversion.dpi / MM_PER_INCH;
  const image = tiled().flatten({ background: '#ffffff' });
  if (conversion.resample) await toPrintSize(image, conversion.resample);
  const mono = conversion.colour === 'mono';
  const coloured = toColour(image, conversion.colour);
  if (conversion.container === 'png') {
    // Two colours without a palette: libvips writes 1-bit gray (0 black, 1 white, as a PDF reads it).
    const png = coloured.png({
      compressionLevel: 6,
      adaptiveFiltering: !mono,
      ...(mono && { colours: 2, palette: false }),
    });
    const info = await decoding(() => png.toFile(outFile));
    return { width: info.width, height: info.height, facts: convertedFacts(conversion) };
  }
  const info = await decoding(() =>
    coloured
      .tiff({
        compression: mono ? 'ccittfax4' : 'lzw',
        ...(mono && { bitdepth: 1 as const }),
        xres: pixelsPerMm,
        yres: pixelsPerMm,
        resolutionUnit: 'inch',
      })
      .toFile(outFile),
  );
  return { width: info.width, height: info.height, facts: convertedFacts(conversion) };
}

/**
 * Resamples a page drawn larger to print size and cuts it to the printed page (trim + bleed)
 * around its centre, where the trim is drawn on the manuscript paper; a side already smaller
 * stays whole. Line art is resampled in gray and thresholded after (toColour).
 */
async function toPrintSize(image: Sharp, target: NonNullable<Conversion['resample']>) {
  const meta = await image.metadata();
  // The pixels as the page shows them, turned upright (the opening's autoOrient).
  const { width, height } = meta.autoOrient ?? meta;
  const scaled = { width: Math.round(width * target.scale), height: Math.round(height * target.scale) };
  image.resize(scaled.width, scaled.height, { fit: 'fill' });
  const cut = { width: Math.min(scaled.width, target.width), height: Math.min(scaled.height, target.height) };
  image.extract({
    left: Math.floor((scaled.width - cut.width) / 2),
    top: Math.floor((scaled.height - cut.height) / 2),
    ...cut,
  });
}

function toColour(image: Sharp, colour: PrintColour): Sharp {
  if (colour === 'colour') return image.toColourspace('srgb');
  if (colour === 'gray') return image.toColourspace('b-w');
  return image.toColourspace('b-w').threshold(MONO_THRESHOLD);
}

export const convertedFacts = ({ colour, dpi }: Conversion): FileFacts => ({
  colourMode: colour === 'colour' ? 'rgb' : colour,
  bitDepth: colour === 'mono' ? 1 : 8,
  density: dpi,
});
