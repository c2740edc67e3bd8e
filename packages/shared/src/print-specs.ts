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
 * The manuscript paper (原稿用紙) the pages are drawn on (docs/print.md, "The drawn page"): at
 * print size (同人誌, webtoon), 投稿サイズ (仕上がり 220 × 310 mm, the file is that trim and its
 * bleed), a whole B4 or A4 sheet, or a typed size.
 */
export const DRAWN_PAPERS = ['print', 'toukou', 'b4', 'a4', 'custom'] as const;
export type DrawnPaper = (typeof DRAWN_PAPERS)[number];

/** How the book is bound, which decides the page-count rule (docs/print.md, "Page count"). */
export const BINDINGS = ['perfect', 'saddle', 'none'] as const;
export type Binding = (typeof BINDINGS)[number];

/**
 * What size the converted delivery's pages are (docs/print.md, "Delivery"): the drawn pixels with
 * the resolution that prints them at size after the reduction, or resampled to print size.
 */
export const DELIVERY_SIZES = ['drawn', 'print'] as const;
export type DeliverySize = (typeof DELIVERY_SIZES)[number];

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
  /** The resolution of the files as drawn (the pixels per inch of the manuscript paper). */
  dpi: number;
  colour: PrintColour;
  widthPx: number | null;
  /** The page count a chapter must be a multiple of (docs/print.md, "Page count"). */
  pageMultiple: number;
  binding: Binding;
  drawnPaper: DrawnPaper;
  /** The file's whole page as drawn (sheet or trim + bleed), null when drawn at print size. */
  drawnWidthMm: number | null;
  drawnHeightMm: number | null;
  /** Print size ÷ drawn size in per cent (100: drawn at print size). */
  reductionPct: number;
  deliverySize: DeliverySize;
}

type PresetFigures = Omit<PrintSpec, 'preset'>;

/** The drawn papers' figures (docs/print.md, "The drawn page"): the sheet, and the trim drawn on it. */
export const DRAWN_PAPER_FIGURES: Record<
  Exclude<DrawnPaper, 'print' | 'custom'>,
  { sheet: [number, number] | null; trim: [number, number] }
> = {
  // The file is the trim and its bleed: its sheet follows the bleed (drawnSheet).
  toukou: { sheet: null, trim: [220, 310] },
  b4: { sheet: [257, 364], trim: [220, 310] },
  a4: { sheet: [210, 297], trim: [182, 257] },
};

/** The page multiple a binding asks of a chapter (docs/print.md, "Page count"). */
export const BINDING_PAGE_MULTIPLE: Record<Binding, number> = { saddle: 4, perfect: 1, none: 1 };

const print = (
  trim: [number, number],
  bleedMm: number,
  frame: [number, number],
  binding: Binding,
): PresetFigures => ({
  trimWidthMm: trim[0],
  trimHeightMm: trim[1],
  bleedMm,
  frameWidthMm: frame[0],
  frameHeightMm: frame[1],
  dpi: 600,
  colour: 'mono',
  widthPx: null,
  pageMultiple: BINDING_PAGE_MULTIPLE[binding],
  binding,
  drawnPaper: 'print',
  drawnWidthMm: null,
  drawnHeightMm: null,
  reductionPct: 100,
  deliverySize: 'drawn',
});

/** The presets' figures (docs/print.md, "Presets"): `custom` starts from 単行本 B6's. */
export const PRINT_PRESET_FIGURES: Record<Exclude<PrintPreset, 'custom'>, PresetFigures> = {
  magazineB5: print([182, 257], 5, [150, 220], 'perfect'),
  tankobonB6: print([128, 182], 3, [103, 155], 'perfect'),
  shinsho: print([105, 173], 3, [90, 145], 'perfect'),
  doujinA5: print([148, 210], 3, [120, 180], 'perfect'),
  doujinB5: print([182, 257], 3, [150, 220], 'perfect'),
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
    binding: 'none',
    drawnPaper: 'print',
    drawnWidthMm: null,
    drawnHeightMm: null,
    reductionPct: 100,
    deliverySize: 'drawn',
  },
};

/**
 * The paper the form starts from for a preset: a magazine's manuscripts on B4, the others at print
 * size (a 単行本 is usually made from the magazine's print data, already reduced).
 */
export const PRESET_DRAWN_PAPER: Record<Exclude<PrintPreset, 'custom'>, DrawnPaper> = {
  magazineB5: 'b4',
  tankobonB6: 'print',
  shinsho: 'print',
  doujinA5: 'print',
  doujinB5: 'print',
  webtoon: 'print',
};

/** The resolution a colour mode starts at: 600 dpi for line art and gray, 350 for colour. */
export const START_DPI: Record<PrintColour, number> = { mono: 600, gray: 600, colour: 350 };

/** The founder's choices on top of a preset's figures (docs/print.md, "Presets"). */
export interface PresetChoices {
  colour?: PrintColour;
  dpi?: number;
  bleedMm?: number;
  binding?: Exclude<Binding, 'none'>;
}

/** The spec a preset gives, drawn at print size, with the founder's choices where made. */
export function presetSpec(preset: Exclude<PrintPreset, 'custom'>, choices: PresetChoices = {}): PrintSpec {
  const figures = PRINT_PRESET_FIGURES[preset];
  const colour = choices.colour ?? figures.colour;
  const binding = preset === 'webtoon' ? 'none' : (choices.binding ?? figures.binding);
  return {
    ...figures,
    preset,
    colour,
    dpi: choices.dpi ?? (preset === 'webtoon' ? figures.dpi : START_DPI[colour]),
    bleedMm: preset === 'webtoon' ? 0 : (choices.bleedMm ?? figures.bleedMm),
    binding,
    pageMultiple: BINDING_PAGE_MULTIPLE[binding],
  };
}

/** 1 inch in millimetres. */
const MM_PER_INCH = 25.4;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The reduction from a trim drawn at `drawn` to the print trim, in per cent, one decimal: the
 * larger of the two sides' ratios, so the reduced art covers the whole trim (the other side's
 * fraction of a millimetre goes into the bleed).
 */
export function derivedReductionPct(printTrim: [number, number], drawnTrim: [number, number]): number {
  return round1(Math.max(printTrim[0] / drawnTrim[0], printTrim[1] / drawnTrim[1]) * 100);
}

/**
 * The file's whole page as drawn, in millimetres: a sheet's size, or a drawn trim with the
 * printer's bleed enlarged by the reduction (so it is the printer's bleed once reduced).
 */
export function drawnSheet(
  drawnTrim: [number, number],
  bleedMm: number,
  reductionPct: number,
): [number, number] {
  const bleed = (2 * bleedMm * 100) / reductionPct;
  return [round1(drawnTrim[0] + bleed), round1(drawnTrim[1] + bleed)];
}

/**
 * The pixel size a page must have: its drawn size × dpi / 25.4, rounded (drawn at print size:
 * trim + 2 × bleed); webtoon: width only.
 */
export function expectedPixels(spec: PrintSpec): { width: number; height: number | null } {
  if (spec.widthPx !== null) return { width: spec.widthPx, height: null };
  const px = (mm: number) => Math.round((mm * spec.dpi) / MM_PER_INCH);
  const [width, height] = drawnPageMm(spec);
  return { width: px(width), height: px(height) };
}

/** The page as the file holds it, in millimetres as drawn. */
export function drawnPageMm(spec: PrintSpec): [number, number] {
  if (spec.drawnPaper !== 'print' && spec.drawnWidthMm !== null && spec.drawnHeightMm !== null) {
    return [spec.drawnWidthMm, spec.drawnHeightMm];
  }
  const bleed = 2 * spec.bleedMm;
  return [(spec.trimWidthMm ?? 0) + bleed, (spec.trimHeightMm ?? 0) + bleed];
}

/** The resolution at which the drawn pixels print at size after the reduction (600 dpi at 82.9 %: 724). */
export function printDpi(spec: PrintSpec): number {
  return Math.round((spec.dpi * 100) / spec.reductionPct);
}

/** The founder's drawn page: a paper, with its size when custom, and a typed reduction if any. */
export interface DrawnChoice {
  drawnPaper?: DrawnPaper;
  drawnWidthMm?: number;
  drawnHeightMm?: number;
  reductionPct?: number;
  deliverySize?: DeliverySize;
}

type DrawnFigures = Pick<
  PrintSpec,
  'drawnPaper' | 'drawnWidthMm' | 'drawnHeightMm' | 'reductionPct' | 'deliverySize'
>;

const AT_PRINT_SIZE: DrawnFigures = {
  drawnPaper: 'print',
  drawnWidthMm: null,
  drawnHeightMm: null,
  reductionPct: 100,
  deliverySize: 'drawn',
};

/**
 * The drawn page's figures for a spec (docs/print.md, "The drawn page"): a known paper's sheet, and
 * the reduction typed or derived from the trim drawn on it to the print trim; a custom paper's
 * typed size and reduction. A webtoon is always drawn at its size.
 */
export function drawnFigures(spec: PrintSpec, choice: DrawnChoice): DrawnFigures {
  const paper = choice.drawnPaper ?? 'print';
  if (paper === 'print' || spec.widthPx !== null) return AT_PRINT_SIZE;
  const deliverySize = choice.deliverySize ?? 'drawn';
  if (paper === 'custom') {
    return {
      drawnPaper: paper,
      drawnWidthMm: choice.drawnWidthMm ?? null,
      drawnHeightMm: choice.drawnHeightMm ?? null,
      reductionPct: choice.reductionPct ?? 100,
      deliverySize,
    };
  }
  const figures = DRAWN_PAPER_FIGURES[paper];
  const printTrim: [number, number] = [spec.trimWidthMm ?? 0, spec.trimHeightMm ?? 0];
  const reductionPct = choice.reductionPct ?? derivedReductionPct(printTrim, figures.trim);
  const [drawnWidthMm, drawnHeightMm] = figures.sheet ?? drawnSheet(figures.trim, spec.bleedMm, reductionPct);
  return { drawnPaper: paper, drawnWidthMm, drawnHeightMm, reductionPct, deliverySize };
}
