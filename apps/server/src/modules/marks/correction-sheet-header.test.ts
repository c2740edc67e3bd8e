import { buffer } from 'node:stream/consumers';
import { LIMITS, sheetTexts } from '@koma/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { drawSheetPart, openSheetDocument } from './correction-sheet.pdf.js';

/** The first page's text of a sheet drawn with this heading, as PDF.js extracts it. */
async function headerText(heading: string): Promise<string> {
  const texts = sheetTexts('ja');
  const doc = openSheetDocument(heading);
  const bytes = buffer(doc);
  const picture = { jpeg: null, width: null, height: null };
  drawSheetPart(doc, { heading, picture, marks: [] }, texts, '赤入れ（すべて）');
  doc.end();
  const pdf = await getDocument({ data: new Uint8Array(await bytes), disableFontFace: true }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  await pdf.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('');
}

describe('a correction sheet’s header', () => {
  it('names the series, the chapter and the page in full when they fit', async () => {
    const text = await headerText('星降る町の図書館　第3話 本の中の空　3ページ');
    expect(text).toContain('星降る町の図書館 第3話 本の中の空 3ページ');
    expect(text).toContain('赤入れ（すべて）');
  });

  it('cuts a series title at its longest with 「…」, short of the sheet’s own title', async () => {
    const series = '長'.repeat(LIMITS.projectTitleMax);
    const text = await headerText(`${series}　第3話 ${'長'.repeat(40)}　3ページ`);
    const kept = /(長+)…/.exec(text)?.[1] ?? '';
    // A 60-character series fills the line: it is cut inside the series, before the chapter.
    expect(kept.length).toBeGreaterThan(30);
    expect(kept.length).toBeLessThan(LIMITS.projectTitleMax);
    expect(text).not.toContain('3ページ');
    expect(text).toContain('赤入れ（すべて）');
  });
});
