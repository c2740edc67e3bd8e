import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { COOKIE, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUnchecked } from '../../test/api.js';
import { SMALL_BOOK } from '../../test/delivery-test-helpers.js';
import { clipSample } from '../../test/page-files.js';
import type { Person } from '../../test/people-fixtures.js';
import { readStoredZip } from '../../test/stored-zip.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  approvedChapter,
  chapterCall,
  finishPageWith,
  type Production,
  savePlan,
} from '../../test/workflow-test-helpers.js';

/**
 * The delivery (入稿データ, docs/print.md "Delivery") of a 校了 chapter: page 1 a 1-bit TIFF of the
 * spec's size, page 2 the real CLIP STUDIO file (400 × 566 at 600 dpi), wrong in size and format,
 * its errors accepted by the editor for the final audit. Read back as the printer would: the zip's
 * entries, the manifest's figures and hashes, the TIFFs' headers, the proof's pages.
 */

const ja = MESSAGES.ja;
let t: TestApp;
let p: Production;
/** A 1-bit TIFF of the spec's size at 600 dpi, white with a black square. */
function tiffPage() {
  const [width, height] = [803, 1039];
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = 100; y < 300; y++) pixels.fill(0, y * width + 100, y * width + 300);
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ bitdepth: 1, compression: 'ccittfax4', xres: 600 / 25.4, yres: 600 / 25.4 })
    .toBuffer();
}
/** 30 × 40 mm and 2 mm of bleed at 600 dpi: 34 × 44 mm, 803 × 1039 px. */
const SPEC = SMALL_BOOK;
let tiffBytes: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 2);
  const steps = [{ posId: 2, ownerUserId: p.artist.id }];
  expect(
    (
      await savePlan(
        t,
        p,
        p.pageIds.map((pageId) => ({ pageId, steps })),
      )
    ).http,
  ).toBe(200);
  tiffBytes = await tiffPage();
  await finishPageWith(t, p, p.pageIds[0] as number, 'p1.tif', tiffBytes);
  await finishPageWith(t, p, p.pageIds[1] as number, 'p2.clip', clipSample());
  await t.settleJobs(60_000);
  const spec = await callUnchecked(
    t,
    contract.print.saveProjectSpec,
    { projectId: p.projectId, spec: SPEC },
    p.founder.token,
  );
  expect(spec.http).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const ref = () => ({ projectId: p.projectId, chapterId: p.chapterId });
const askLink = (who: Person, format: 'asHandedIn' | 'tiff') =>
  callUnchecked(t, contract.print.delivery, { ...ref(), format }, who.token);

async function download(who: Person, format: 'asHandedIn' | 'tiff', lang = 'ja') {
  const res = await askLink(who, format);
  expect(res.http).toBe(200);
  const url = res.body.data.downloadUrl;
  const got = await t.app.inject({ method: 'GET', url, cookies: { [COOKIE.lang]: lang } });
  expect(got.statusCode).toBe(200);
  expect(got.headers['content-type']).toBe('application/zip');
  return readStoredZip(got.rawPayload);
}

/** The manifest's lines as fields (no field of these pages is quoted). */
const manifestOf = (zip: Map<string, Buffer>) =>
  (zip.get('manifest.csv') as Buffer)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

async function proofText(pdf: Buffer) {
  const standardFontDataUrl = path.join(
    path.dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts/',
  );
  const doc = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, standardFontDataUrl })
    .promise;
  const pages: { text: string; width: number; height: number }[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    const [, , width, height] = page.view as [number, number, number, number];
    pages.push({
      text: content.items.map((item) => ('str' in item ? item.str : '')).join(''),
      width,
      height,
    });
  }
  await doc.destroy();
  return pages;
}

const require = createRequire(import.meta.url);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('the delivery', () => {
  it('waits for the chapter’s 校了, and is the founder’s and the editor’s only', async () => {
    expect(await askLink(p.founder, 'tiff')).toMatchObject({
      http: 409,
      body: { info: ja.deliveryNotFinished },
    });
    expect((await askLink(p.artist, 'tiff')).http).toBe(403);
    expect((await askLink(p.stranger, 'tiff')).http).toBe(404);

    // Page 2 is of the wrong size and a .clip: errors, accepted by the editor; warnings confirmed.
    expect((await callUnchecked(t, contract.print.acceptErrors, ref(), p.editor.token)).http).toBe(200);
    expect((await chapterCall(t, p, p.founder, 'actionCommit', { confirmWarnings: true })).http).toBe(200);
    expect((await chapterCall(t, p, p.editor, 'actionAuditPass')).http).toBe(200);
    expect((await askLink(p.editor, 'tiff')).http).toBe(200);
  });

  it('as handed in: the proof, the files by print page, and a manifest with their hashes and preflight', async () => {
    const zip = await download(p.founder, 'asHandedIn');
    expect([...zip.keys()]).toEqual(['proof.pdf', '001.tif', '002.clip', 'manifest.csv']);
    expect(zip.get('001.tif')?.equals(tiffBytes)).toBe(true);
    expect(zip.get('002.clip')?.equals(clipSample())).toBe(true);

    const [header, first, second] = manifestOf(zip);
    expect(header).toEqual([
      'ページ',
      'ファイル',
      'このファイル',
      '幅(px)',
      '高さ(px)',
      '解像度(dpi)',
      'カラーモード',
      'ビット深度',
      'SHA-256',
      '入稿チェック（提出されたファイル）',
    ]);
    // Every word in the reader's language: the colour mode too, never "mono".
    expect(first).toEqual([
      '001',
      '001.tif',
      '提出されたファイル',
      '803',
      '1039',
      '600',
      'モノクロ2階調',
      '1',
      sha256(tiffBytes),
      'OK',
    ]);
    expect(second?.slice(0, 6)).toEqual(['002', '002.clip', '提出されたファイル', '400', '566', '600']);
    expect(second?.[8]).toBe(sha256(clipSample()));
    expect(second?.[9]).toContain('エラー: CLIP STUDIO 形式（.clip）は入稿できません');
    expect(second?.[9]).toContain('エラー: 画像サイズが 400×566px です');
  });

  it('converted: every page a TIFF of the spec, 1-bit at 600 dpi, the .clip drawn from its layers', async () => {
    const zip = await download(p.editor, 'tiff');
    expect([...zip.keys()]).toEqual(['proof.pdf', '001.tif', '002.tif', 'manifest.csv']);
    const clip = await sharp(zip.get('002.tif') as Buffer).metadata();
    expect(clip).toMatchObject({ format: 'tiff', width: 400, height: 566, bitsPerSample: 1, density: 600 });
    // The fixture's drawing is a gradient and a green disc: in 1-bit, both black and white remain.
    const { channels } = await sharp(zip.get('002.tif') as Buffer).stats();
    expect(channels[0]?.min).toBe(0);
    expect(channels[0]?.max).toBe(255);

    // The row's figures are the converted TIFF's and say so; its findings stay the handed-in .clip's.
    const rows = manifestOf(zip);
    expect(rows[2]?.slice(0, 8)).toEqual([
      '002',
      '002.tif',
      '変換したファイル（TIFF）',
      '400',
      '566',
      '600',
      'モノクロ2階調',
      '1',
    ]);
    expect(rows[2]?.[8]).toBe(sha256(zip.get('002.tif') as Buffer));
    expect(rows[2]?.[9]).toContain('CLIP STUDIO 形式（.clip）は入稿できません');
    expect(rows[1]?.[8]).toBe(sha256(zip.get('001.tif') as Buffer));
    const english = await download(p.editor, 'tiff', 'en');
    expect(manifestOf(english)[2]?.slice(2, 8)).toEqual([
      'Converted (TIFF)',
      '400',
      '566',
      '600',
      '1-bit mono',
      '1',
    ]);
  }, 120_000);

  it('has a proof a printer can check: a summary, then each page at print size with its boxes, flagged', async () => {
    const zip = await download(p.founder, 'asHandedIn');
    const pdf = zip.get('proof.pdf') as Buffer;
    const pages = await proofText(pdf);
    expect(pages).toHaveLength(3);
    // The first page lists the pages with findings, with the findings' words.
    // pdfjs reads the ideographic space as a plain one.
    const [summary, first, second] = pages.map((page) => page.text.replaceAll('\u3000', ' '));
    expect(summary).toContain('月の庭 第1話 はじまり');
    expect(summary).toContain('校正用PDF・全2ページ');
    expect(summary).toContain('入稿チェックの指摘があるページ（1ページ）');
    expect(summary).toContain('002 エラー: CLIP STUDIO 形式（.clip）は入稿できません');
    expect(summary).not.toContain('001 ');
    // Every page: the series, the chapter and its number; page 2 flagged with its findings.
    expect(first).toContain('001月の庭第1話 はじまり');
    expect(first).not.toContain('入稿チェックの指摘があります');
    expect(second).toContain('002月の庭第1話 はじまり');
    expect(second).toContain('入稿チェックの指摘があ');
    expect(second).toContain('エラー:');

    // The boxes as a printer's preflight tool reads them, with a PDF library of its own.
    const read = await PDFDocument.load(new Uint8Array(pdf));
    const boxes = read.getPages().map((page) => ({
      media: page.getMediaBox(),
      bleed: page.getBleedBox(),
      trim: page.getTrimBox(),
    }));
    const pt = (mm: number) => (mm * 72) / 25.4;
    // Page 1: 10 mm margins, 8 mm of heading above and 8 mm for the number below the bleed box.
    const one = boxes[1];
    expect(one?.media.width).toBeCloseTo(pt(34 + 20), 1);
    expect(one?.media.height).toBeCloseTo(pt(44 + 36), 1);
    expect(one?.bleed.x).toBeCloseTo(pt(10), 1);
    expect(one?.bleed.y).toBeCloseTo(pt(18), 1);
    expect(one?.bleed.width).toBeCloseTo(pt(34), 1);
    expect(one?.bleed.height).toBeCloseTo(pt(44), 1);
    expect(one?.trim.x).toBeCloseTo(pt(12), 1);
    expect(one?.trim.y).toBeCloseTo(pt(20), 1);
    expect(one?.trim.width).toBeCloseTo(pt(30), 1);
    expect(one?.trim.height).toBeCloseTo(pt(40), 1);
    // Page 2 has its findings' lines below: taller, the boxes the same size.
    expect(boxes[2]?.media.height).toBeGreaterThan(pt(84));
    expect(boxes[2]?.trim.width).toBeCloseTo(pt(30), 1);
    expect(boxes[2]?.bleed.height).toBeCloseTo(pt(44), 1);
    // The summary states its boxes too: the whole page.
    expect(boxes[0]?.trim).toEqual(boxes[0]?.media);
  });

  it('is named 作品名_第N話_入稿データ in the reader’s language; its proof’s title names the series', async () => {
    const { downloadUrl } = (await askLink(p.founder, 'asHandedIn')).body.data;
    const nameIn = async (lang: string) => {
      const res = await t.app.inject({ method: 'GET', url: downloadUrl, cookies: { [COOKIE.lang]: lang } });
      expect(res.statusCode).toBe(200);
      return res.headers['content-disposition'];
    };
    expect(await nameIn('ja')).toContain(encodeURIComponent('月の庭_第1話_入稿データ.zip'));
    expect(await nameIn('zh')).toContain(encodeURIComponent('月の庭_第1话_入稿数据.zip'));
    expect(await nameIn('en')).toContain(encodeURIComponent('月の庭_Chapter 1_delivery.zip'));

    const proof = (await download(p.founder, 'asHandedIn')).get('proof.pdf') as Buffer;
    const doc = await getDocument({ data: new Uint8Array(proof), disableFontFace: true }).promise;
    const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
    await doc.destroy();
    expect(info.Title).toBe('月の庭　第1話 はじまり');
  });

  it('is refused without a print specification, and through a link changed by hand', async () => {
    const res = await askLink(p.founder, 'asHandedIn');
    const forged = res.body.data.downloadUrl.replace('format=asHandedIn', 'format=tiff');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    await callUnchecked(
      t,
      contract.print.saveProjectSpec,
      { projectId: p.projectId, spec: null },
      p.founder.token,
    );
    expect(await askLink(p.founder, 'tiff')).toMatchObject({ http: 409, body: { info: ja.deliveryNoSpec } });
  });
});
