import { Readable } from 'node:stream';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFRawStream,
  type PDFRef,
  PDFString,
} from 'pdf-lib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredZip, finishedChapterOf, SMALL_BOOK } from '../../test/delivery-test-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { Production } from '../../test/workflow-test-helpers.js';
import { printPdf } from './delivery-pdf.js';

/**
 * The print-ready PDF (docs/print.md, "The print-ready PDF") of a 校了 chapter whose page 1 is
 * 1-bit line art and page 2 a grayscale page, under a grayscale spec of 30 × 40 mm, 2 mm bleed, at
 * 600 dpi (34 × 44 mm: 803 × 1039 px). Read back with two PDF parsers, as a printer's tools would.
 */

let t: TestApp;
let p: Production;
const [WIDTH, HEIGHT] = [803, 1039];
const SPEC = { ...SMALL_BOOK, colour: 'gray' } as const;

/** Page 1: 1-bit, white with a black square at (100, 100)–(300, 300). */
function monoPage() {
  const pixels = new Uint8Array(WIDTH * HEIGHT).fill(255);
  for (let y = 100; y < 300; y++) pixels.fill(0, y * WIDTH + 100, y * WIDTH + 300);
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ bitdepth: 1, compression: 'ccittfax4', xres: 600 / 25.4, yres: 600 / 25.4 })
    .toBuffer();
}

/** Page 2: 8-bit gray, a gradient from black at the left to white at the right. */
function grayPage() {
  const pixels = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) pixels[y * WIDTH + x] = Math.round((x / (WIDTH - 1)) * 255);
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .withMetadata({ density: 600 })
    .toBuffer();
}

beforeAll(async () => {
  t = await createTestApp();
  const files = [
    { name: 'p1.tif', data: await monoPage() },
    { name: 'p2.png', data: await grayPage() },
  ];
  // Whatever the preflight says of these pages, the chapter goes to 校了.
  p = await finishedChapterOf(t, files, SPEC);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const downloadPdf = () => deliveredZip(t, p, 'pdf');

const pt = (mm: number) => (mm * 72) / 25.4;
const PDF_NAME = '月の庭_第1話_入稿データ.pdf';

describe('the print-ready PDF delivery', () => {
  it('is one PDF of the pages in order beside the proof, described by the manifest', async () => {
    const zip = await downloadPdf();
    expect([...zip.keys()]).toEqual(['proof.pdf', PDF_NAME, 'manifest.csv']);
    const rows = (zip.get('manifest.csv') as Buffer).toString('utf8').trimEnd().split('\r\n').slice(1);
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256')
      .update(zip.get(PDF_NAME) as Buffer)
      .digest('hex');
    expect(rows[0]?.split(',').slice(0, 9)).toEqual([
      '001',
      PDF_NAME,
      '変換したページ（入稿用PDFの1ページ）',
      String(WIDTH),
      String(HEIGHT),
      '600',
      'モノクロ2階調',
      '1',
      sha,
    ]);
    expect(rows[1]?.split(',').slice(0, 9)).toEqual([
      '002',
      PDF_NAME,
      '変換したページ（入稿用PDFの1ページ）',
      String(WIDTH),
      String(HEIGHT),
      '600',
      'グレースケール',
      '8',
      sha,
    ]);
  }, 120_000);

  it('has trim and bleed boxes from the spec, 1-bit and gray images at full resolution, and the PDF/X keys', async () => {
    const pdf = (await downloadPdf()).get(PDF_NAME) as Buffer;
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.6');
    const doc = await PDFDocument.load(new Uint8Array(pdf), { updateMetadata: false });
    const pages = doc.getPages();
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      const media = page.getMediaBox();
      expect(media.width).toBeCloseTo(pt(34), 2);
      expect(media.height).toBeCloseTo(pt(44), 2);
      expect(page.getBleedBox()).toEqual(media);
      const trim = page.getTrimBox();
      expect([trim.x, trim.y, trim.width, trim.height].map((n) => n.toFixed(2))).toEqual(
        [pt(2), pt(2), pt(30), pt(40)].map((n) => n.toFixed(2)),
      );
    }
    const images = pages.map((page) => {
      const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict) as PDFDict;
      const [name] = xobjects.keys();
      const image = (xobjects.lookup(name as PDFName) as PDFRawStream).dict;
      const n = (key: string) => (image.lookup(PDFName.of(key), PDFNumber) as PDFNumber).asNumber();
      return {
        width: n('Width'),
        height: n('Height'),
        bits: n('BitsPerComponent'),
        space: String(image.get(PDFName.of('ColorSpace'))),
      };
    });
    // 34 × 44 mm at 600 dpi: the drawn pixels, none resampled.
    expect(images).toEqual([
      { width: WIDTH, height: HEIGHT, bits: 1, space: '/DeviceGray' },
      { width: WIDTH, height: HEIGHT, bits: 8, space: '/DeviceGray' },
    ]);

    // PDF/X-4: the version key, Trapped, dates and title in Info; an ID; an output intent with its profile.
    const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    expect(info.get(PDFName.of('GTS_PDFXVersion'))).toEqual(PDFString.of('PDF/X-4'));
    expect(info.get(PDFName.of('Trapped'))).toBe(PDFName.of('False'));
    for (const key of ['CreationDate', 'ModDate', 'Title'])
      expect(info.get(PDFName.of(key)), key).toBeDefined();
    const id = doc.context.trailerInfo.ID as PDFArray;
    expect(id.size()).toBe(2);
    const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    const intent = intents.lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFX'));
    const profile = doc.context.lookup(intent.get(PDFName.of('DestOutputProfile')) as PDFRef) as PDFRawStream;
    expect(Buffer.from(profile.contents.subarray(12, 20)).toString()).toBe('prtrGRAY');
    const metadata = doc.catalog.lookup(PDFName.of('Metadata')) as PDFRawStream;
    expect(Buffer.from(metadata.contents).toString('utf8')).toContain(
      '<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>',
    );
  }, 120_000);

  it('draws each image at print size, its pixels as handed in (read by a second parser)', async () => {
    const pdf = (await downloadPdf()).get(PDF_NAME) as Buffer;
    const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
    const seen: { width: number; height: number; kind: number; data: Uint8Array }[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const ops = await page.getOperatorList();
      const transform = ops.fnArray.indexOf(OPS.transform);
      // The image's matrix: its size in points is its pixels at 600 dpi, centred on the page.
      const [a, , , d, e, f] = ops.argsArray[transform] as number[];
      expect(a).toBeCloseTo((WIDTH * 72) / 600, 2);
      expect(d).toBeCloseTo((HEIGHT * 72) / 600, 2);
      expect(e).toBeCloseTo((pt(34) - (WIDTH * 72) / 600) / 2, 2);
      expect(f).toBeCloseTo((pt(44) - (HEIGHT * 72) / 600) / 2, 2);
      const paint = ops.fnArray.indexOf(OPS.paintImageXObject);
      const [name] = ops.argsArray[paint] as [string];
      seen.push(await new Promise((resolve) => page.objs.get(name, resolve)));
    }
    await doc.destroy();
    expect(seen.map(({ width, height }) => [width, height])).toEqual([
      [WIDTH, HEIGHT],
      [WIDTH, HEIGHT],
    ]);
    // Page 1, 1-bit (pdfjs gives 1 bit a pixel, rows padded to bytes, 0 black): the square is black.
    const rowBytes = Math.ceil(WIDTH / 8);
    const monoBit = (x: number, y: number) =>
      ((seen[0]?.data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
    expect([monoBit(150, 150), monoBit(299, 299), monoBit(50, 50), monoBit(300, 300)]).toEqual([0, 0, 1, 1]);
    // Page 2, gray (pdfjs gives RGB): the gradient, dark at the left, light at the right.
    const grayAt = (x: number) => seen[1]?.data[(500 * WIDTH + x) * 3] ?? -1;
    expect(grayAt(0)).toBe(0);
    expect(grayAt(WIDTH - 1)).toBe(255);
    expect(Math.abs(grayAt(401) - 127)).toBeLessThanOrEqual(1);
  }, 120_000);
});

describe('the print-ready PDF of a colour spec', () => {
  it('is RGB with sRGB’s profile and claims no PDF/X, whose output intent would have to be CMYK', async () => {
    const png = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#3080c0' } })
      .png()
      .toBuffer();
    const spec = { ...SPEC, colour: 'colour', dpi: 350 } as unknown as Parameters<typeof printPdf>[0];
    // The PNG arrives in pieces that cut its chunks, as a file read does.
    const pages = (async function* () {
      yield { png: Readable.from([png.subarray(0, 20), png.subarray(20, 61), png.subarray(61)]), dpi: 350 };
    })();
    const chunks: Buffer[] = [];
    for await (const chunk of printPdf(spec, '月の庭', pages)) chunks.push(chunk as Buffer);
    const doc = await PDFDocument.load(new Uint8Array(Buffer.concat(chunks)), { updateMetadata: false });
    const [page] = doc.getPages();
    const xobjects = page?.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict) as PDFDict;
    const [name] = xobjects.keys();
    const image = (xobjects.lookup(name as PDFName) as PDFRawStream).dict;
    const space = image.lookup(PDFName.of('ColorSpace'), PDFArray);
    expect(space.get(0)).toBe(PDFName.of('ICCBased'));
    const profile = doc.context.lookup(space.get(1) as PDFRef) as PDFRawStream;
    expect(Buffer.from(profile.contents.subarray(12, 20)).toString()).toBe('mntrRGB ');
    const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    expect(info.get(PDFName.of('GTS_PDFXVersion'))).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('OutputIntents'))).toBeUndefined();
    expect(page?.getTrimBox().width).toBeCloseTo(pt(30), 2);
  });
});
