import type { FileColourMode } from '@koma/shared/constants';
import type { Metadata } from 'sharp';

/**
 * What the preflight needs of a handed-in file (docs/print.md, "What the render records"): its
 * colour mode, bits per channel and resolution, read from the header the render reads anyway, so
 * a render takes no longer. null where the file does not say.
 */
export interface FileFacts {
  colourMode: FileColourMode | null;
  bitDepth: number | null;
  density: number | null;
}

export const UNKNOWN_FACTS: FileFacts = { colourMode: null, bitDepth: null, density: null };

const DEPTH_BITS: Record<string, number> = { uchar: 8, char: 8, ushort: 16, short: 16, uint: 32, float: 32 };

/** From sharp's metadata (PNG, JPEG, TIFF, GIF, WebP): libvips calls 1-bit and 8-bit gray both `b-w`. */
export function sharpFacts(meta: Metadata): FileFacts {
  const bits = meta.bitsPerSample ?? DEPTH_BITS[meta.depth] ?? null;
  return { colourMode: sharpColour(meta, bits), bitDepth: bits, density: wholeDpi(meta.density) };
}

function sharpColour(meta: Metadata, bits: number | null): FileColourMode {
  // A two-colour palette is how PNG stores 1-bit line art.
  if (bits === 1) return 'mono';
  if (meta.isPalette) return 'other';
  if (meta.space === 'b-w' || meta.space === 'grey16') return 'gray';
  if (meta.space === 'cmyk') return 'cmyk';
  if (meta.space === 'srgb' || meta.space === 'rgb16' || meta.space === 'scrgb' || meta.space === 'rgb')
    return 'rgb';
  return 'other';
}

/** PSD header colour modes (Adobe's file format specification): 0 bitmap, 1 grayscale, 3 RGB, 4 CMYK. */
const PSD_MODES: Record<number, FileColourMode> = { 0: 'mono', 1: 'gray', 3: 'rgb', 4: 'cmyk' };

export function psdFacts(mode: number, depth: number, density: number | null): FileFacts {
  return { colourMode: PSD_MODES[mode] ?? 'other', bitDepth: depth, density: wholeDpi(density) };
}

/** A `.clip` says its resolution; its colour mode is per layer and not read (docs/print.md). */
export const clipFacts = (dpi: number | null): FileFacts => ({ ...UNKNOWN_FACTS, density: wholeDpi(dpi) });

const wholeDpi = (dpi: number | null | undefined) => (dpi && dpi > 0 ? Math.round(dpi) : null);
