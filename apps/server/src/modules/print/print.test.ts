import { MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import type { Person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  approvedChapter,
  chapterCall,
  finishAllPages,
  finishPageWith,
  oneStepPlan,
  type Production,
  standardPlan,
} from '../../test/workflow-test-helpers.js';

/**
 * Print specifications and the chapter's preflight (docs/print.md), through the API. Each rule's
 * every branch is in preflight-rules.test.ts; here the rules meet real renders.
 */

const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const B6 = { preset: 'tankobonB6', colour: 'mono', dpi: 600 } as const;
/** A small custom spec so the pages stay small: 30 × 40 mm, no bleed, 600 dpi → 709 × 945 px. */
const SMALL = {
  preset: 'custom',
  colour: 'mono',
  dpi: 600,
  trimWidthMm: 30,
  trimHeightMm: 40,
  bleedMm: 0,
} as const;

const saveProjectSpec = (p: Production, who: Person, spec: object | null) =>
  callUnchecked(t, contract.print.saveProjectSpec, { projectId: p.projectId, spec }, who.token);
const preflight = async (p: Production, who: Person = p.founder) => {
  const res = await call(
    t,
    contract.print.preflight,
    { projectId: p.projectId, chapterId: p.chapterId },
    who.token,
  );
  expect(res.http).toBe(200);
  return res.body.data;
};

describe('the print specification', () => {
  it('is none by default: no preflight', async () => {
    const p = await approvedChapter(t, 1);
    expect(await preflight(p)).toEqual({
      spec: null,
      pages: [],
      chapter: [],
      errors: 0,
      warnings: 0,
      consents: { warnings: null, errors: null },
    });
  });

  it('is set by the founder from a preset, and read by every member', async () => {
    const p = await approvedChapter(t, 1);
    expect(await saveProjectSpec(p, p.founder, B6)).toMatchObject({
      http: 200,
      body: { info: ja.printSpecSaved },
    });
    const read = await call(t, contract.print.projectSpec, { projectId: p.projectId }, p.artist.token);
    expect(read.body.data.spec).toMatchObject({
      preset: 'tankobonB6',
      trimWidthMm: 128,
      trimHeightMm: 182,
      bleedMm: 3,
      dpi: 600,
      colour: 'mono',
      // 単行本 is 無線綴じ: a chapter's count is not asked to be a multiple of 4 (issue 41).
      binding: 'perfect',
      pageMultiple: 1,
      drawnPaper: 'print',
      reductionPct: 100,
    });
    expect((await saveProjectSpec(p, p.artist, B6)).http).toBe(403);
    // Saved again: the one spec changes (grayscale at 1200 dpi), no second one appears.
    expect((await saveProjectSpec(p, p.founder, { ...B6, colour: 'gray', dpi: 1200 })).http).toBe(200);
    const again = await call(t, contract.print.projectSpec, { projectId: p.projectId }, p.editor.token);
    expect(again.body.data.spec).toMatchObject({
      preset: 'tankobonB6',
      colour: 'gray',
      dpi: 1200,
      trimWidthMm: 128,
    });
    const cleared = await saveProjectSpec(p, p.founder, null);
    expect(cleared).toMatchObject({ http: 200, body: { info: ja.printSpecCleared, data: { spec: null } } });
  });

  it('refuses a custom spec with a figure missing or out of range, saying which', async () => {
    const p = await approvedChapter(t, 1);
    const noTrim = await saveProjectSpec(p, p.founder, { ...SMALL, trimWidthMm: undefined });
    expect(noTrim).toMatchObject({ http: 400, body: { info: ja.printSpecTrim } });
    const monoAt350 = await saveProjectSpec(p, p.founder, { ...B6, dpi: 350 });
    expect(monoAt350).toMatchObject({ http: 400, body: { info: ja.printSpecMonoDpi } });
    const frame = await saveProjectSpec(p, p.founder, { ...SMALL, frameWidthMm: 31, frameHeightMm: 20 });
    expect(frame).toMatchObject({ http: 400, body: { info: ja.printSpecFrame } });
  });

  it('is overridden by a chapter’s own, and falls back to the project’s when that is removed', async () => {
    const p = await approvedChapter(t, 1);
    await saveProjectSpec(p, p.founder, B6);
    const ref = { projectId: p.projectId, chapterId: p.chapterId };
    const own = { preset: 'doujinA5', colour: 'gray', dpi: 600 } as const;
    const saved = await call(t, contract.print.saveChapterSpec, { ...ref, spec: own }, p.founder.token);
    expect(saved.body.data.effective).toMatchObject({ preset: 'doujinA5', trimWidthMm: 148, colour: 'gray' });
    expect((await preflight(p)).spec?.preset).toBe('doujinA5');
    await call(t, contract.print.saveChapterSpec, { ...ref, spec: null }, p.founder.token);
    const read = await call(t, contract.print.chapterSpec, ref, p.editor.token);
    expect(read.body.data).toMatchObject({ own: null, effective: { preset: 'tankobonB6' } });
  });
});

/** A white 1-bit TIFF at 600 dpi. */
const monoTiff = (width: number, height: number) =>
  sharp(new Uint8Array(width * height).fill(255), { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    // TIFF resolution in pixels per millimetre.
    .tiff({ bitdepth: 1, compression: 'ccittfax4', xres: 600 / 25.4, yres: 600 / 25.4 })
    .toBuffer();
const colourPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .withMetadata({ density: 72 })
    .png()
    .toBuffer();

describe('the chapter’s preflight', () => {
  it('finds each page’s faults from its render, and the chapter’s page count', async () => {
    const p = await approvedChapter(t, 3);
    await oneStepPlan(t, p);
    const [right, wrong] = p.pageIds as [number, number, number];
    await finishPageWith(t, p, right, 'p1.tif', await monoTiff(709, 945));
    await finishPageWith(t, p, wrong, 'p2.png', await colourPng(500, 500));
    await t.settleJobs(60_000);
    expect((await saveProjectSpec(p, p.founder, { ...SMALL, binding: 'saddle' })).http).toBe(200);

    const result = await preflight(p, p.assistant);
    const codes = result.pages.map((page) => page.findings.map((f) => `${f.level}:${f.code}`));
    expect(codes).toEqual([
      [],
      ['error:pixelSize', 'warning:dpiMismatch', 'error:colourInMono'],
      ['error:noFinalFile'],
    ]);
    expect(result.pages[1]?.findings[0]?.params).toMatchObject({
      width: 500,
      height: 500,
      expectedWidth: 709,
      expectedHeight: 945,
    });
    // Three pages of a 中綴じ book: not a multiple of 4.
    expect(result.chapter).toEqual([
      { level: 'warning', code: 'pageMultiple', params: { count: 3, multiple: 4 } },
    ]);
    expect(result).toMatchObject({ errors: 3, warnings: 2 });
  });
});

describe('the drawn page, the bleed and the binding (issue 41)', () => {
  it('passes a B4 600-dpi manuscript under 商業誌 B5 drawn on B4 and reduced', async () => {
    const p = await approvedChapter(t, 1);
    await oneStepPlan(t, p);
    // B4 at 600 dpi: 257 × 364 mm → 6071 × 8598 px, the size of the editor's pages.
    await finishPageWith(t, p, p.pageIds[0] as number, 'p1.tif', await monoTiff(6071, 8598));
    await t.settleJobs(120_000);
    const magazine = { preset: 'magazineB5', colour: 'mono', dpi: 600 } as const;
    expect((await saveProjectSpec(p, p.founder, { ...magazine, drawnPaper: 'b4' })).http).toBe(200);
    const onB4 = await preflight(p);
    expect(onB4.spec).toMatchObject({
      drawnPaper: 'b4',
      drawnWidthMm: 257,
      drawnHeightMm: 364,
      reductionPct: 82.9,
    });
    expect(onB4.pages[0]?.findings).toEqual([]);
    expect(onB4).toMatchObject({ errors: 0, warnings: 0, chapter: [] });
    // Drawn at print size, the same page is the error the editor saw.
    expect((await saveProjectSpec(p, p.founder, magazine)).http).toBe(200);
    const atPrint = await preflight(p);
    expect(atPrint.pages[0]?.findings.map((f) => f.code)).toEqual(['pixelSize']);
    expect(atPrint.pages[0]?.findings[0]?.params).toMatchObject({
      expectedWidth: 4535,
      expectedHeight: 6307,
    });
  }, 180_000);

  it('takes a 5 mm-bleed page under a 5 mm spec and refuses it under 3 mm, saying why', async () => {
    const p = await approvedChapter(t, 1);
    await oneStepPlan(t, p);
    // 同人誌 A5 in grayscale at 72 dpi keeps the page small: (148 + 10) × (210 + 10) mm → 448 × 624 px.
    const gray = (width: number, height: number) =>
      sharp(new Uint8Array(width * height).fill(200), { raw: { width, height, channels: 1 } })
        .toColourspace('b-w')
        .tiff({ compression: 'lzw', xres: 72 / 25.4, yres: 72 / 25.4 })
        .toBuffer();
    await finishPageWith(t, p, p.pageIds[0] as number, 'p1.tif', await gray(448, 624));
    await t.settleJobs(60_000);
    const a5 = { preset: 'doujinA5', colour: 'gray', dpi: 72 } as const;
    expect((await saveProjectSpec(p, p.founder, { ...a5, bleedMm: 5 })).http).toBe(200);
    expect((await preflight(p)).pages[0]?.findings).toEqual([]);
    expect((await saveProjectSpec(p, p.founder, a5)).http).toBe(200);
    const [finding] = (await preflight(p)).pages[0]?.findings ?? [];
    expect(finding).toMatchObject({
      level: 'error',
      code: 'pixelSize',
      params: { width: 448, height: 624, expectedWidth: 437, expectedHeight: 612 },
    });
  });

  it('finds an odd 中綴じ chapter, not an odd 無線綴じ one', async () => {
    const p = await approvedChapter(t, 3);
    const a5 = { preset: 'doujinA5', colour: 'mono', dpi: 600 } as const;
    expect((await saveProjectSpec(p, p.founder, { ...a5, binding: 'perfect' })).http).toBe(200);
    expect((await preflight(p)).chapter).toEqual([]);
    expect((await saveProjectSpec(p, p.founder, { ...a5, binding: 'saddle' })).http).toBe(200);
    expect((await preflight(p)).chapter).toEqual([
      { level: 'warning', code: 'pageMultiple', params: { count: 3, multiple: 4 } },
    ]);
  });
});

describe('the final audit’s gate', () => {
  it('asks the editor’s 了承 of errors and the founder’s confirmation of warnings, and records both', async () => {
    const p = await approvedChapter(t, 2);
    await standardPlan(t, p);
    await finishAllPages(t, p);
    await t.settleJobs(60_000);
    // Small PNG pages against 単行本 B6: wrong size and colour (errors), two pages of a multiple of 4.
    expect((await saveProjectSpec(p, p.founder, B6)).http).toBe(200);
    const ref = { projectId: p.projectId, chapterId: p.chapterId };

    expect(await chapterCall(t, p, p.founder, 'actionCommit')).toMatchObject({
      http: 409,
      body: { info: ja.preflightErrors },
    });
    expect((await callUnchecked(t, contract.print.acceptErrors, ref, p.founder.token)).http).toBe(403);
    const accepted = await callUnchecked(t, contract.print.acceptErrors, ref, p.editor.token);
    expect(accepted).toMatchObject({ http: 200, body: { info: ja.preflightErrorsAccepted } });
    expect((await preflight(p)).consents).toMatchObject({
      errors: { nickname: p.editor.nickname },
      warnings: null,
    });

    expect(await chapterCall(t, p, p.founder, 'actionCommit')).toMatchObject({
      http: 409,
      body: { info: ja.preflightWarnings },
    });
    const submitted = await chapterCall(t, p, p.founder, 'actionCommit', { confirmWarnings: true });
    expect(submitted.http).toBe(200);
    const after = await preflight(p, p.editor);
    expect(after.consents.warnings).toMatchObject({ nickname: p.founder.nickname });
    expect(Date.parse(after.consents.warnings?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stands aside without a specification', async () => {
    const p = await approvedChapter(t, 1);
    await standardPlan(t, p);
    await finishAllPages(t, p);
    expect((await chapterCall(t, p, p.founder, 'actionCommit')).http).toBe(200);
  });
});
