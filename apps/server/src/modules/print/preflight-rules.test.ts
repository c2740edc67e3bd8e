import { drawnFigures, presetSpec } from '@koma/shared';
import { describe, expect, it } from 'vitest';
import { chapterFindings, pageFindings } from './preflight-rules.js';
import type { PageFacts } from './print.repository.js';

/** Each preflight rule (docs/print.md, "Preflight"), on render facts as the database holds them. */

const B6 = presetSpec('tankobonB6');
// (128 + 6) × 600 / 25.4 = 3165.4, (182 + 6) × 600 / 25.4 = 4440.9
const GOOD: PageFacts = {
  pageId: 1,
  num: 1,
  fileKey: 'page/1.tif',
  ext: 'tif',
  status: 'ready',
  width: 3165,
  height: 4441,
  colourMode: 'mono',
  bitDepth: 1,
  density: 600,
  previewsAt: null,
};
const codes = (facts: Partial<PageFacts>, spec = B6) =>
  pageFindings(spec, { ...GOOD, ...facts }).map((f) => `${f.level}:${f.code}`);

describe('a page against 単行本 B6, モノクロ2階調 600 dpi', () => {
  it('passes at its size, resolution and mode', () => {
    expect(codes({})).toEqual([]);
  });

  it('takes a size within 1 % and refuses one beyond', () => {
    expect(codes({ width: 3165 + 31 })).toEqual([]);
    expect(codes({ width: 3165 + 33 })).toEqual(['error:pixelSize']);
    expect(codes({ height: 4441 - 50 })).toEqual(['error:pixelSize']);
  });

  it('warns of another resolution, or none', () => {
    expect(codes({ density: 350 })).toEqual(['warning:dpiMismatch']);
    expect(codes({ density: null })).toEqual(['warning:dpiUnknown']);
  });

  it('refuses a colour file, warns of grayscale, of an unknown or odd mode, and of 16 bits', () => {
    expect(codes({ colourMode: 'rgb', bitDepth: 8 })).toEqual(['error:colourInMono']);
    expect(codes({ colourMode: 'cmyk', bitDepth: 8 })).toEqual(['error:colourInMono']);
    expect(codes({ colourMode: 'gray', bitDepth: 8 })).toEqual(['warning:grayInMono']);
    expect(codes({ colourMode: 'gray', bitDepth: 16 })).toEqual([
      'warning:grayInMono',
      'warning:bitDepthHigh',
    ]);
    expect(codes({ colourMode: null, bitDepth: null })).toEqual(['warning:colourUnknown']);
    expect(codes({ colourMode: 'other', bitDepth: 8 })).toEqual(['warning:colourOther']);
  });

  it('refuses a .clip, warns of JPEG, takes PSD and PNG', () => {
    expect(codes({ ext: 'clip', colourMode: null, bitDepth: null })).toEqual([
      'error:formatClip',
      'warning:colourUnknown',
    ]);
    expect(codes({ ext: 'jpg' })).toEqual(['warning:formatLossy']);
    expect(codes({ ext: 'psd' })).toEqual([]);
    expect(codes({ ext: 'png' })).toEqual([]);
  });

  it('says when there is no final file, no render yet, or a render that failed', () => {
    expect(codes({ ext: null })).toEqual(['error:noFinalFile']);
    expect(codes({ status: 'pending', width: null, height: null })).toEqual(['warning:renderPending']);
    expect(codes({ status: 'failed' })).toEqual(['error:renderFailed']);
  });
});

describe('other specifications', () => {
  it('grayscale takes 1-bit and gray pages, refuses colour', () => {
    const gray = presetSpec('doujinA5', { colour: 'gray', dpi: 600 });
    const a5 = { width: 3638, height: 5102 };
    expect(codes({ ...a5, colourMode: 'gray', bitDepth: 8 }, gray)).toEqual([]);
    expect(codes({ ...a5 }, gray)).toEqual([]);
    expect(codes({ ...a5, colourMode: 'rgb', bitDepth: 8 }, gray)).toEqual(['error:colourInMono']);
  });

  it('a webtoon checks the width alone, and not the resolution', () => {
    const webtoon = presetSpec('webtoon');
    const page = { ext: 'png', colourMode: 'rgb', bitDepth: 8, density: 72 };
    expect(codes({ ...page, width: 800, height: 12_000 }, webtoon)).toEqual([]);
    expect(codes({ ...page, width: 690, height: 12_000, density: null }, webtoon)).toEqual([
      'error:pixelWidth',
    ]);
  });
});

describe('the drawn page and the bleed', () => {
  const B5 = presetSpec('magazineB5');
  // B4 at 600 dpi: 257 × 364 mm → 6071 × 8598 px; B5 + 5 mm bleed: 192 × 267 mm → 4535 × 6307 px.
  const onB4 = { ...B5, ...drawnFigures(B5, { drawnPaper: 'b4' }) };

  it('checks a manuscript drawn on B4 and reduced against the B4 sheet, not the printed B5', () => {
    expect(onB4).toMatchObject({ drawnWidthMm: 257, drawnHeightMm: 364, reductionPct: 82.9 });
    expect(codes({ width: 6071, height: 8598 }, onB4)).toEqual([]);
    expect(codes({ width: 4535, height: 6307 }, onB4)).toEqual(['error:pixelSizeDrawn']);
    expect(pageFindings(onB4, { ...GOOD, width: 4535, height: 6307 })[0]?.params).toMatchObject({
      expectedWidth: 6071,
      expectedHeight: 8598,
      drawnWidth: 257,
      drawnHeight: 364,
    });
    // Drawn at print size, the B4 page is the error the editor saw (issue 41).
    expect(codes({ width: 6071, height: 8598 }, B5)).toEqual(['error:pixelSize']);
    expect(codes({ width: 4535, height: 6307 }, B5)).toEqual([]);
  });

  it('derives 投稿サイズ’s page from its trim and the bleed enlarged by the reduction', () => {
    const toukou = drawnFigures(B5, { drawnPaper: 'toukou' });
    // 220 + 2 × 5 / 0.829 = 232.1; 310 + 12.1 = 322.1.
    expect(toukou).toMatchObject({ drawnWidthMm: 232.1, drawnHeightMm: 322.1, reductionPct: 82.9 });
    expect(drawnFigures(B5, { drawnPaper: 'b4', reductionPct: 82 })).toMatchObject({ reductionPct: 82 });
  });

  it('takes a 5 mm-bleed page under a 5 mm spec and refuses it under 3 mm', () => {
    const fiveMm = { width: 4535, height: 6307 };
    expect(codes(fiveMm, presetSpec('doujinB5', { bleedMm: 5 }))).toEqual([]);
    expect(codes(fiveMm, presetSpec('doujinB5'))).toEqual(['error:pixelSize']);
  });
});

describe('the chapter', () => {
  const pages = (...nums: number[]) => nums.map((num) => ({ num }));

  it('asks a multiple of 4 of a 中綴じ chapter, nothing of a 無線綴じ one, evenness where 2 is asked', () => {
    // 単行本 is 無線綴じ: the printer evens the book with blank pages (docs/print.md, "Page count").
    expect(chapterFindings(B6, pages(1, 2, 3))).toEqual([]);
    const saddle = presetSpec('doujinA5', { binding: 'saddle' });
    expect(chapterFindings(saddle, pages(1, 2, 3, 4))).toEqual([]);
    expect(chapterFindings(saddle, pages(1, 2, 3, 4, 5, 6))).toEqual([
      { level: 'warning', code: 'pageMultiple', params: { count: 6, multiple: 4 } },
    ]);
    expect(chapterFindings({ ...B6, preset: 'custom', pageMultiple: 2 }, pages(1, 2, 3))).toEqual([
      { level: 'warning', code: 'pageCountOdd', params: { count: 3, multiple: 2 } },
    ]);
  });

  it('finds gaps in the page numbers, and a chapter without pages', () => {
    expect(chapterFindings(B6, pages(1, 2, 5, 6))).toEqual([
      { level: 'error', code: 'pageGap', params: { pages: '3, 4' } },
    ]);
    expect(chapterFindings(B6, [])).toEqual([{ level: 'error', code: 'noPages', params: {} }]);
  });
});
