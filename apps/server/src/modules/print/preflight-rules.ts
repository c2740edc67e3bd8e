import {
  drawnPageMm,
  expectedPixels,
  PRINT_LIMITS,
  type PreflightFinding,
  type PrintSpec,
} from '@koma/shared';
import type { PageFacts } from './print.repository.js';

/**
 * The preflight's rules (docs/print.md, "Preflight"): each page's render facts against the spec,
 * then the chapter's own. Pure: the figures come from what the renders stored, never the files.
 */

type Params = PreflightFinding['params'];
const error = (code: string, params: Params = {}): PreflightFinding => ({ level: 'error', code, params });
const warning = (code: string, params: Params = {}): PreflightFinding => ({ level: 'warning', code, params });

export function pageFindings(spec: PrintSpec, page: PageFacts): PreflightFinding[] {
  if (!page.ext) return [error('noFinalFile')];
  const format = formatFindings(spec, page.ext);
  if (page.status === 'failed' || page.status === 'unsupported') return [...format, error('renderFailed')];
  if (page.status !== 'ready' || page.width === null || page.height === null) {
    return [...format, warning('renderPending')];
  }
  return [
    ...format,
    ...sizeFindings(spec, page.width, page.height),
    ...dpiFindings(spec, page.density),
    ...colourFindings(spec, page.colourMode),
    ...depthFindings(spec, page.colourMode, page.bitDepth),
  ];
}

/** Printers take PSD and TIFF, most also PNG; none a `.clip` (docs/print.md, "Format"). */
function formatFindings(spec: PrintSpec, ext: string): PreflightFinding[] {
  const name = ext.toLowerCase();
  if (name === 'clip') return [error('formatClip')];
  if (spec.widthPx !== null) return [];
  if (name === 'jpg' || name === 'jpeg') return [warning('formatLossy', { format: 'JPEG' })];
  if (name === 'gif' || name === 'webp') return [warning('formatOther', { format: name.toUpperCase() })];
  return [];
}

const within = (actual: number, expected: number) =>
  Math.abs(actual - expected) <= Math.max(1, Math.round(expected * PRINT_LIMITS.pixelTolerance));

function sizeFindings(spec: PrintSpec, width: number, height: number): PreflightFinding[] {
  const expected = expectedPixels(spec);
  const tolerance = `${PRINT_LIMITS.pixelTolerance * 100}`;
  if (expected.height === null) {
    return within(width, expected.width)
      ? []
      : [error('pixelWidth', { width, expectedWidth: expected.width, tolerance })];
  }
  if (within(width, expected.width) && within(height, expected.height)) return [];
  const params = { width, height, expectedWidth: expected.width, expectedHeight: expected.height, tolerance };
  if (spec.drawnPaper === 'print') return [error('pixelSize', params)];
  // Drawn larger and reduced: the pixels are checked against the paper drawn on (docs/print.md).
  const [drawnWidth, drawnHeight] = drawnPageMm(spec);
  return [error('pixelSizeDrawn', { ...params, drawnWidth, drawnHeight, dpi: spec.dpi })];
}

/** The pixels decide the printed size; a file saying another resolution is only worth a look. */
function dpiFindings(spec: PrintSpec, density: number | null): PreflightFinding[] {
  if (spec.widthPx !== null) return [];
  if (density === null) return [warning('dpiUnknown')];
  return density === spec.dpi ? [] : [warning('dpiMismatch', { dpi: density, expected: spec.dpi })];
}

function colourFindings(spec: PrintSpec, mode: string | null): PreflightFinding[] {
  if (mode === null) return [warning('colourUnknown')];
  if (mode === 'other') return [warning('colourOther')];
  if (spec.colour === 'colour') return [];
  if (mode === 'rgb' || mode === 'cmyk') return [error('colourInMono', { mode: mode.toUpperCase() })];
  if (spec.colour === 'mono' && mode === 'gray') return [warning('grayInMono')];
  return [];
}

function depthFindings(spec: PrintSpec, mode: string | null, bits: number | null): PreflightFinding[] {
  if (bits === null || mode === null) return [];
  if (bits > 8) return [warning('bitDepthHigh', { bits })];
  if (spec.colour === 'mono' && mode === 'mono' && bits !== 1) return [warning('bitDepthMono', { bits })];
  return [];
}

/** The chapter's own checks: page count (even, the 判型's multiple), gaps in the numbers. */
export function chapterFindings(spec: PrintSpec, pages: Pick<PageFacts, 'num'>[]): PreflightFinding[] {
  const count = pages.length;
  if (count === 0) return [error('noPages')];
  const findings: PreflightFinding[] = [];
  const multiple = spec.pageMultiple;
  if (multiple > 1 && count % multiple !== 0) {
    findings.push(warning(multiple === 2 ? 'pageCountOdd' : 'pageMultiple', { count, multiple }));
  }
  const missing = gaps(pages.map((p) => p.num));
  if (missing.length > 0) findings.push(error('pageGap', { pages: missing.join(', ') }));
  return findings;
}

/** The numbers missing between 1 and the last page. */
function gaps(nums: number[]): number[] {
  const present = new Set(nums);
  const last = Math.max(...nums);
  const missing: number[] = [];
  for (let n = 1; n <= last; n++) if (!present.has(n)) missing.push(n);
  return missing;
}
