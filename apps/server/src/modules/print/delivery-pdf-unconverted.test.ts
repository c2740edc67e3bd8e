import { createHash } from 'node:crypto';
import { contract } from '@koma/shared/contract';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnchecked } from '../../test/api.js';
import { deliveredZip, finishedChapterOf, SMALL_BOOK } from '../../test/delivery-test-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { Production } from '../../test/workflow-test-helpers.js';

/**
 * The print-ready PDF of a 校了 chapter one of whose pages cannot be converted (docs/print.md,
 * "Delivery"): page 1 is a 1-bit TIFF, page 2 a PNG cut short, which no render can read. The PDF
 * holds page 1 alone; page 2 goes beside it as handed in, and the manifest says so in the
 * reader's words.
 */

let t: TestApp;
let p: Production;
let broken: Buffer;
// 34 × 44 mm at 600 dpi.
const [WIDTH, HEIGHT] = [803, 1039];

const monoPage = () =>
  sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .toColourspace('b-w')
    .tiff({ bitdepth: 1, compression: 'ccittfax4', xres: 600 / 25.4, yres: 600 / 25.4 })
    .toBuffer();

/** A real PNG of the page's size, its image data cut off halfway: its header reads, its pixels do not. */
async function brokenPng() {
  const whole = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

beforeAll(async () => {
  t = await createTestApp();
  broken = await brokenPng();
  const files = [
    { name: 'p1.tif', data: await monoPage() },
    { name: 'p2.png', data: broken },
  ];
  p = await finishedChapterOf(t, files, SMALL_BOOK);
}, 240_000);
afterAll(async () => {
  await t.close();
});

const sha256 = (bytes: Buffer | undefined) =>
  createHash('sha256')
    .update(bytes ?? Buffer.alloc(0))
    .digest('hex');

/** The manifest's page rows, each split into its fields as a spreadsheet reads them (RFC 4180 quotes). */
const manifestRows = (zip: Map<string, Buffer>) =>
  (zip.get('manifest.csv') as Buffer)
    .toString('utf8')
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((row) => [...row.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, f = '']) => unquote(f)));

const unquote = (field: string) => (field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field);

describe('the print-ready PDF with a page that cannot be converted', () => {
  it('holds the other pages; that page goes beside it as handed in, and the manifest says so', async () => {
    const name = '月の庭_第1話_入稿データ.pdf';
    // No render could read page 2: the preflight said so, and the editor accepted it.
    const ref = { projectId: p.projectId, chapterId: p.chapterId };
    const preflight = (await callUnchecked(t, contract.print.preflight, ref, p.founder.token)).body.data;
    expect(preflight.pages[1]?.findings.map((f) => f.code)).toContain('renderFailed');
    const zip = await deliveredZip(t, p, 'pdf', 'ja');
    expect([...zip.keys()]).toEqual(['proof.pdf', name, '002.png', 'manifest.csv']);
    // The file beside the PDF is the very file handed in.
    expect(zip.get('002.png')?.equals(broken)).toBe(true);
    const pdf = await PDFDocument.load(new Uint8Array(zip.get(name) as Buffer), { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    const [first, second] = manifestRows(zip);
    expect(first?.slice(0, 3)).toEqual(['001', name, '変換したページ（入稿用PDFの1ページ）']);
    expect(first?.[8]).toBe(sha256(zip.get(name)));
    expect(second?.slice(0, 3)).toEqual(['002', '002.png', '提出されたファイル']);
    expect(second?.[8]).toBe(sha256(broken));
    expect(second?.[9]).toContain(
      '変換できなかったため、提出されたファイルのまま入れています（PDFには入っていません）',
    );
  }, 120_000);

  it('says so in the reader’s language', async () => {
    const [, second] = manifestRows(await deliveredZip(t, p, 'pdf', 'en'));
    expect(second?.slice(0, 3)).toEqual(['002', '002.png', 'As handed in']);
    expect(second?.[9]).toContain('Could not be converted: the file as handed in, not in the PDF');
  }, 120_000);
});
