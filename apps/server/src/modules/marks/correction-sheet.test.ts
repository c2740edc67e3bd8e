import { COOKIE, LIMITS, type MarkAddBody, type MarkSheetBody, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computedDownloads } from '../../lib/computed-downloads.js';
import { call, callUnchecked } from '../../test/api.js';
import type { Person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { approvedChapter, type Production } from '../../test/workflow-test-helpers.js';
import { sheetLayouts } from './correction-sheet-layouts.js';

/**
 * Correction sheets (docs/marks.md, "Correction sheets"): the editor in charge marks page 3's
 * storyboard file of a three-page chapter; the PDF is read back with PDF.js, so the Japanese
 * words are checked as a reader's viewer would extract them.
 */
let t: TestApp;
let p: Production;
let page3: number;
let chapterTitle: string;
let rectMarkId: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 3);
  await t.settleJobs();
  const viewer = await call(t, contract.workflow.viewer, chapter(), p.founder.token);
  chapterTitle = viewer.body.data.chapterTitle;
  page3 = p.pageIds[2] as number;
  const revision = viewer.body.data.pages[2]?.revisions.find((r) => r.kind === 'script')?.id as number;
  const mark = (body: Pick<MarkAddBody, 'shape' | 'comment'>) =>
    call(
      t,
      contract.marks.add,
      { projectId: p.projectId, pageId: page3, revisionId: revision, ...body },
      p.editor.token,
    );
  const rect = await mark({ shape: { type: 'rect', x: 10, y: 10, w: 40, h: 30 }, comment: 'トーン抜け' });
  await mark({ shape: { type: 'arrow', from: [60, 60], to: [90, 20] }, comment: '吹き出しの向きが逆' });
  const done = await mark({ shape: { type: 'ellipse', x: 5, y: 50, w: 20, h: 20 }, comment: '手の形を修正' });
  rectMarkId = rect.body.data.id;
  const reply = { projectId: p.projectId, markId: rectMarkId, content: '了解しました' };
  await call(t, contract.marks.reply, reply, p.founder.token);
  // On the storyboard every creator is the assignee: the founder resolves the third mark.
  const resolve = { projectId: p.projectId, markId: done.body.data.id, state: 'open' as const };
  await call(t, contract.marks.resolve, resolve, p.founder.token);
}, 60_000);
afterAll(() => t.close());

const chapter = () => ({ projectId: p.projectId, chapterId: p.chapterId });

function link(who: Person, body: Partial<MarkSheetBody>) {
  return callUnchecked(t, contract.marks.sheetLink, { ...chapter(), which: 'open', ...body }, who.token);
}

/** The sheet through its link, as the browser fetches it (its language cookie only). */
async function sheet(who: Person, body: Partial<MarkSheetBody> = {}, lang = 'ja') {
  const res = await link(who, body);
  expect(res.http, JSON.stringify(res.body)).toBe(200);
  const url = (res.body.data as { downloadUrl: string }).downloadUrl;
  return t.app.inject({ method: 'GET', url, cookies: { [COOKIE.lang]: lang } });
}

/** Every page's text, as PDF.js extracts it. */
async function textOf(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages;
}

describe('a correction sheet', () => {
  it('is for members only: a stranger gets 404, and so does a link changed by hand', async () => {
    expect((await link(p.stranger, {})).http).toBe(404);
    expect((await link(p.stranger, { chapterId: undefined, pageId: page3 })).http).toBe(404);
    const res = await link(p.assistant, {});
    const forged = (res.body.data as { downloadUrl: string }).downloadUrl.replace('which=open', 'which=all');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it("holds a chapter's page 3 with the open marks' comments, replies, states and authors", async () => {
    const res = await sheet(p.artist);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // 作品名_第N話_種類 (docs/files.md): the series first, so two series' sheets never mix.
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('月の庭_第1話_赤入れ.pdf'));
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The preview is drawn under the marks: one image for the one marked page.
    expect(res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    const pages = await textOf(res.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages.join('\n');
    for (const words of [
      // The header names the series, the chapter and the page (PDF.js reads 「　」 as a space).
      `月の庭 ${chapterTitle} 3ページ`,
      'トーン抜け',
      '吹き出しの向きが逆',
      '了解しました',
      '未対応',
      p.editor.nickname,
    ])
      expect(text).toContain(words);
    // which=open leaves out the resolved mark.
    expect(text).not.toContain('手の形を修正');
    expect(text).not.toContain('対応済み');
  });

  it('with which=all holds the resolved mark too', async () => {
    const text = (await textOf((await sheet(p.editor, { which: 'all' })).rawPayload)).join('\n');
    for (const words of ['トーン抜け', '吹き出しの向きが逆', '手の形を修正', '対応済み'])
      expect(text).toContain(words);
  });

  it("of one page is named after it; in the reader's language", async () => {
    const res = await sheet(p.founder, { chapterId: undefined, pageId: page3 }, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent('月の庭_Chapter 1_Page 3_corrections.pdf'),
    );
    const text = (await textOf(res.rawPayload)).join('\n');
    expect(text).toContain('Page 3');
    expect(text).toContain('トーン抜け');
  });

  it('of a page without marks is refused with a message, not an empty file', async () => {
    const res = await link(p.founder, { chapterId: undefined, pageId: p.pageIds[0] as number, which: 'all' });
    expect(res).toMatchObject({ http: 409, body: { info: MESSAGES.ja.sheetEmpty } });
  });

  it('names a page or a chapter, not both', async () => {
    expect((await link(p.founder, { pageId: page3 })).http).toBe(400);
    expect((await link(p.founder, { chapterId: undefined })).http).toBe(400);
  });
});

describe('a correction sheet asked for again', () => {
  it('while unchanged is the same PDF, not laid out again; after a reply it is laid out anew', async () => {
    const first = await sheet(p.editor, { which: 'all' });
    expect(first.statusCode).toBe(200);
    const laidOut = sheetLayouts.started;
    const again = await sheet(p.assistant, { which: 'all' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(sheetLayouts.started).toBe(laidOut);

    const reply = { projectId: p.projectId, markId: rectMarkId, content: '直しました' };
    await call(t, contract.marks.reply, reply, p.founder.token);
    const changed = await sheet(p.editor, { which: 'all' });
    expect(sheetLayouts.started).toBe(laidOut + 1);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);
    expect((await textOf(changed.rawPayload)).join('\n')).toContain('直しました');
    // Another language prints other words: another sheet.
    await sheet(p.editor, { which: 'all' }, 'en');
    expect(sheetLayouts.started).toBe(laidOut + 2);
    // Each layout starts a worker thread: slow on a loaded machine, so the test is given time.
  }, 180_000);

  it('by many at once is laid out once and sent to each', async () => {
    const reply = { projectId: p.projectId, markId: rectMarkId, content: '確認お願いします' };
    await call(t, contract.marks.reply, reply, p.founder.token);
    const laidOut = sheetLayouts.started;
    const answers = await Promise.all(Array.from({ length: 6 }, () => sheet(p.artist, { which: 'all' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.every((a) => a.rawPayload.equals(answers[0]?.rawPayload as Buffer))).toBe(true);
    expect(sheetLayouts.started).toBe(laidOut + 1);
  }, 120_000);
});

describe('a correction sheet to lay out', () => {
  it('counts against the instance’s computed downloads with the deliveries: full, it is refused 503', async () => {
    // A new reply changes the sheet: it must be laid out again, not sent from memory.
    const reply = { projectId: p.projectId, markId: rectMarkId, content: 'もう一度確認します' };
    expect((await call(t, contract.marks.reply, reply, p.founder.token)).http).toBe(200);
    const places = Array.from({ length: LIMITS.computedDownloadsAtOnce }, (_, i) =>
      computedDownloads.take(-1 - i),
    );
    try {
      const refused = await sheet(p.editor);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().info).toBe(MESSAGES.ja.downloadsBusy);
    } finally {
      for (const leave of places) leave();
    }
    expect((await sheet(p.editor)).statusCode).toBe(200);
    expect(computedDownloads.taken).toBe(0);
  }, 60_000);
});
