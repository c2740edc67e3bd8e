/**
 * Print specifications (印刷仕様): the 判型 presets a publisher's or printer's 入稿規定 names, with
 * their figures written once here. Where each figure comes from, and which printer's figure was
 * taken where they differ, is in docs/print.md.
 */

/** How the finished pages are printed: 1-bit mono (モノクロ2階調), grayscale, or colour. */
export const PRINT_COLOURS = ['mono', 'gray', 'colour'] as const;
export type PrintColour = (typeof PRINT_COLOURS)[number];

/**
 * A file's colour mode as its render read it (docs/print.md): 1-bit mono, grayscale, RGB, CMYK,
 * or another (indexed, Lab, duotone, multichannel).
 */
export const FILE_COLOUR_MODES = ['mono', 'gray', 'rgb', 'cmyk', 'other'] as const;
export type FileColourMode = (typeof FILE_COLOUR_MODES)[number];

export const PRINT_PRESETS = [
  'magazineB5',
  'tankobonB6',
  'shinsho',
  'doujinA5',
  'doujinB5',
  'webtoon',
  'custom',
] as const;
export type PrintPreset = (typeof PRINT_PRESETS)[number];

/**
 * A print specification. Sizes in millimetres; a webtoon has no trim height, bleed or frame, and
 * gives its width in pixels instead (`widthPx`, the reader apps' canvas width).
 */
export interface PrintSpec {
  preset: PrintPreset;
  trimWidthMm: number | null;
  trimHeightMm: number | null;
  bleedMm: number;
  frameWidthMm: number | null;
  frameHeightMm: number | null;
  dpi: number;
  colour: PrintColour;
  widthPx: number | null;
  /** The page count a printed book must be a multiple of (docs/print.md, "Page count"). */
  pageMultiple: number;
}

type PresetFigures = Omit<PrintSpec, 'preset' | 'colour' | 'dpi'> & {
  /** The colour and resolution the preset starts with; the founder may change both. */
  colour: PrintColour;
  dpi: number;
};

const print = (
  trim: [number, number],
  bleedMm: number,
  frame: [number, number],
  pageMultiple: number,
): PresetFigures => ({
  trimWidthMm: trim[0],
  trimHeightMm: trim[1],
  bleedMm,
  frameWidthMm: frame[0],
  frameHeightMm: frame[1],
  dpi: 600,
  colour: 'mono',
  widthPx: null,
  pageMultiple,
});

/** The presets' figures (docs/print.md, "Presets"): `custom` starts from 単行本 B6's. */
export const PRINT_PRESET_FIGURES: Record<Exclude<PrintPreset, 'custom'>, PresetFigures> = {
  magazineB5: print([182, 257], 5, [150, 220], 2),
  tankobonB6: print([128, 182], 3, [103, 155], 4),
  shinsho: print([110, 173], 3, [90, 145], 4),
  doujinA5: print([148, 210], 3, [120, 180], 4),
  doujinB5: print([182, 257], 3, [150, 220], 4),
  webtoon: {
    trimWidthMm: null,
    trimHeightMm: null,
    bleedMm: 0,
    frameWidthMm: null,
    frameHeightMm: null,
    dpi: 72,
    colour: 'colour',
    widthPx: 800,
    pageMultiple: 1,
  },
};

/** The spec a preset gives, with the founder's colour and resolution when they chose them. */
export function presetSpec(preset: Exclude<PrintPreset, 'custom'>, colour?: PrintColour, dpi?: number) {
  const figures = PRINT_PRESET_FIGURES[preset];
  return { ...figures, preset, colour: colour ?? figures.colour, dpi: dpi ?? figures.dpi } as PrintSpec;
}

/** 1 inch in millimetres. */
const MM_PER_INCH = 25.4;

/** The pixel size a page must have: (trim + 2 × bleed) × dpi / 25.4, rounded; webtoon: width only. */
export function expectedPixels(spec: PrintSpec): { width: number; height: number | null } {
  if (spec.widthPx !== null) return { width: spec.widthPx, height: null };
  const px = (mm: number) => Math.round(((mm + 2 * spec.bleedMm) * spec.dpi) / MM_PER_INCH);
  return { width: px(spec.trimWidthMm ?? 0), height: px(spec.trimHeightMm ?? 0) };
}
