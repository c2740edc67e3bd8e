import type { PrintColour } from '@koma/shared';
import type { Sharp } from 'sharp';
import type { FileFacts } from './file-facts.js';
import { loadSharp } from './load-sharp.js';
import { decoding, openOriginal } from './render-decode.js';

/** What the delivery converts a final file to (docs/print.md, "Delivery"): the spec's colour and resolution. */
export interface Conversion {
  colour: PrintColour;
  dpi: number;
}

/** The file a conversion writes into its output folder. */
export const CONVERTED = 'page.tif';

/**
 * Gray above this (of 255) becomes white in 1-bit mono: mid-gray, as printers' own conversion
 * does; a page meant for 1-bit print is drawn in black and white already (the preflight warns
 * about a gray file, docs/print.md).
 */
const MONO_THRESHOLD = 128;

const MM_PER_INCH = 25.4;

/**
 * Converts an original (any page format, a `.clip` from its layers) to a print TIFF at its own
 * pixel size: the pixels decide the printed size (docs/print.md), so nothing is resampled; the
 * resolution tag says the spec's dpi. 1-bit mono is CCITT G4, the fax code every RIP reads;
 * grayscale and colour are LZW. Runs where the render runs (a process of its own, render-child.ts).
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
  const info = await decoding(() =>
    toColour(tiled().flatten({ background: '#ffffff' }), conversion.colour)
      .tiff({
        compression: conversion.colour === 'mono' ? 'ccittfax4' : 'lzw',
        ...(conversion.colour === 'mono' && { bitdepth: 1 as const }),
        xres: pixelsPerMm,
        yres: pixelsPerMm,
        resolutionUnit: 'inch',
      })
      .toFile(outFile),
  );
  return { width: info.width, height: info.height, facts: convertedFacts(conversion) };
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
