import fs from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, LiveEvent, MESSAGES } from '@koma/shared';
import { contract, type Endpoint } from '@koma/shared/contract';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import {
  addChapter,
  approveNames,
  chapterStatus,
  draftPages,
  productionTeam,
  submitNames,
  type Team,
  todoCounts,
  uploadDraftPage,
  uploadPageFile,
} from '../../test/chapter-fixtures.js';
import { clipSample, oneBitTiff, psdFile } from '../../test/page-files.js';
import type { Person } from '../../test/people-fixtures.js';
import { person } from '../../test/people-fixtures.js';
import { createProject } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { form, image, multipartBody, upload } from '../../test/upload-test-helpers.js';
import { uploads } from '../uploads/uploads.table.js';

const ja = MESSAGES.ja;
/**
 * How long the formats test waits for its four renders: the default 10 s ran out once on a CI
 * machine busy with other test files. The renders' own budgets are measured in bench/, not here.
 */
const RENDERS_SETTLE_MS = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The storyboard to-do types (13, 2, 4) a person has, with their counts. */
async function nameTodos(who: Person): Promise<Record<number, number>> {
  const all = await todoCounts(t, who);
  return Object.fromEntries(Object.entries(all).filter(([type]) => ['13', '2', '4'].includes(type)));
}

async function noticeTexts(who: Person): Promise<string[]> {
  const res = await call(t, contract.notices.list, { page: 1, pageSize: 100 }, who.token);
  return res.body.data.notices.map((n) => n.message);
}

async function fetchFile(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function storedFiles(): Promise<string[]> {
  const entries = await fs
    .readdir(t.config.filesDir, { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function uploadRows(): Promise<number> {
  const [row] = await t.app.deps.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
}

const statuses = async (who: Person, team: Team, chapterId: number) =>
  (await draftPages(t, who, team.projectId, chapterId)).map((p) => p.status);

/** A team with a fresh chapter of `page` pages. */
async function setUp(page = 3) {
  const team = await productionTeam(t);
  const chapterId = await addChapter(t, team.founder, team.projectId, { page: String(page) });
  const pages = await draftPages(t, team.founder, team.projectId, chapterId);
  return { team, chapterId, pageIds: pages.map((p) => p.id), projectId: team.projectId };
}

describe('draft pages', () => {
  it('are created empty with the chapter and listed to members with what each may do', async () => {
    const { team, chapterId, projectId } = await setUp(3);
    const founderView = await call(t, contract.pages.list, { projectId, chapterId }, team.founder.token);
    expect(founderView.body.data).toEqual({
      list: [1, 2, 3].map((num) => ({
        id: expect.any(Number),
        num,
        icon: '',
        renditions: null,
        status: 0,
        status_text: '未アップロード',
        user: null,
        update_time: expect.any(String),
        note_count: 0,
        open_marks: 0,
        revisions: 0,
        marks: { open: 0, resolved: 0, confirmed: 0 },
      })),
      chapter: { status: 1, status_desc: 'ネーム作成中' },
      can_edit: true,
      can_review: false,
    });
    for (const creator of [team.artist, team.assistant]) {
      const view = await call(t, contract.pages.list, { projectId, chapterId }, creator.token);
      expect(view.body.data).toMatchObject({ can_edit: true, can_review: false });
    }
    const editorView = await call(t, contract.pages.list, { projectId, chapterId }, team.editor.token);
    expect(editorView.body.data).toMatchObject({ can_edit: false, can_review: false });
    expect((await call(t, contract.pages.list, { projectId, chapterId }, team.stranger.token)).http).toBe(
      404,
    );
  });

  it('are added at the end and deleted with the later pages renumbered, the file leaving storage', async () => {
    const { team, chapterId, projectId, pageIds } = await setUp(3);
    const [first, second, third] = pageIds as [number, number, number];
    const added = await call(t, contract.pages.add, { projectId, chapterId }, team.assistant.token);
    expect(added).toMatchObject({ http: 200, body: { info: ja.pageAdded } });
    const fourth = added.body.data.pageId as number;
    expect((await draftPages(t, team.founder, projectId, chapterId)).map((p) => [p.id, p.num])).toEqual([
      [first, 1],
      [second, 2],
      [third, 3],
      [fourth, 4],
    ]);
    expect(
      (await call(t, contract.chapters.detail, { projectId, chapterId }, team.founder.token)).body.data.page,
    ).toBe(4);

    await uploadDraftPage(t, team.founder, projectId, second);
    const original = (await call(t, contract.pages.link, { projectId, pageId: second }, team.founder.token))
      .body.data.downloadUrl as string;
    expect((await fetchFile(original)).statusCode).toBe(200);
    const rows = await uploadRows();
    const deleted = await call(t, contract.pages.remove, { projectId, pageId: second }, team.artist.token);
    expect(deleted).toMatchObject({ http: 200, body: { info: ja.pageDeleted } });
    expect((await draftPages(t, team.founder, projectId, chapterId)).map((p) => [p.id, p.num])).toEqual([
      [first, 1],
      [third, 2],
      [fourth, 3],
    ]);
    expect((await fetchFile(original)).statusCode).toBe(404);
    expect(await uploadRows()).toBe(rows - 1);
    expect(
      (await call(t, contract.chapters.detail, { projectId, chapterId }, team.founder.token)).body.data.page,
    ).toBe(3);
    expect(
      (await call(t, contract.pages.remove, { projectId, pageId: second }, team.founder.token)).http,
    ).toBe(404);
  });

  it('refuse page edits to the editor (403), strangers and other projects (404), changing nothing', async () => {
    const { team, chapterId, projectId, pageIds } = await setUp(2);
    const pageId = pageIds[0] as number;
    const other = await productionTeam(t);
    const otherChapter = await addChapter(t, other.founder, other.projectId);
    const otherPage = (await draftPages(t, other.founder, other.projectId, otherChapter))[0]?.id as number;
    const cases: [Person, Endpoint, object, number][] = [
      [team.editor, contract.pages.add, { projectId, chapterId }, 403],
      [team.editor, contract.pages.remove, { projectId, pageId }, 403],
      [team.editor, contract.chapters.submitNames, { projectId, chapterId }, 403],
      [team.stranger, contract.pages.add, { projectId, chapterId }, 404],
      [team.stranger, contract.pages.remove, { projectId, pageId }, 404],
      [team.stranger, contract.pages.link, { projectId, pageId }, 404],
      [team.stranger, contract.pages.notes, { projectId, pageId }, 404],
      [team.stranger, contract.pages.addNote, { projectId, pageId, content: 'こんにちは' }, 404],
      [team.stranger, contract.chapters.submitNames, { projectId, chapterId }, 404],
      // Another project's page or chapter under one's own project id.
      [team.founder, contract.pages.remove, { projectId, pageId: otherPage }, 404],
      [team.founder, contract.pages.addNote, { projectId, pageId: otherPage, content: 'x' }, 404],
      [team.founder, contract.pages.link, { projectId, pageId: otherPage }, 404],
      [team.founder, contract.pages.list, { projectId, chapterId: otherChapter }, 404],
      [team.founder, contract.pages.add, { projectId, chapterId: otherChapter }, 404],
      [team.founder, contract.chapters.submitNames, { projectId, chapterId: otherChapter }, 404],
    ];
    for (const [who, endpoint, body, http] of cases)
      expect(
        (await callUnchecked(t, endpoint, body, who.token)).http,
        `${endpoint.path} ${JSON.stringify(body)}`,
      ).toBe(http);
    for (const who of [team.editor, team.stranger])
      expect((await uploadPageFile(t, who, projectId, pageId)).http).toBe(who === team.editor ? 403 : 404);
    expect((await uploadPageFile(t, team.founder, projectId, otherPage)).http).toBe(404);
    expect((await uploadPageFile(t, other.founder, other.projectId, pageId)).http).toBe(404);

    expect(await draftPages(t, team.founder, projectId, chapterId)).toEqual([
      expect.objectContaining({ id: pageId, num: 1, status: 0, icon: '', note_count: 0 }),
      expect.objectContaining({ num: 2, status: 0 }),
    ]);
    expect(await statuses(other.founder, other, otherChapter)).toEqual([0, 0, 0]);
    expect(await chapterStatus(t, team.founder, projectId, chapterId)).toEqual({ status: 1, audit: null });
  });
});

describe('page images', () => {
  it('are stored privately, served by signed link only, 3 on first upload and 6 on a re-upload', async () => {
    const { team, chapterId, projectId, pageIds } = await setUp(2);
    const pageId = pageIds[0] as number;
    const empty = await call(t, contract.pages.link, { projectId, pageId }, team.artist.token);
    expect(empty).toMatchObject({ http: 409, body: { info: ja.pageFileMissing } });

    const first = await uploadPageFile(t, team.assistant, projectId, pageId);
    expect(first).toMatchObject({ http: 200, body: { info: ja.pageUploaded } });
    // The grid never gets the original: its thumbnail, once the rendering job has made it.
    expect(first.body.data).toEqual({
      id: pageId,
      num: 1,
      icon: expect.any(String),
      renditions: expect.objectContaining({ uploadId: expect.any(Number), reason: '' }),
      status: 3,
      status_text: '未確認',
      user: { id: team.assistant.id, nickname: team.assistant.nickname },
      update_time: expect.any(String),
      note_count: 0,
      open_marks: 0,
      revisions: 1,
      marks: { open: 0, resolved: 0, confirmed: 0 },
    });
    const link = await call(t, contract.pages.link, { projectId, pageId }, team.editor.token);
    expect(link.http).toBe(200);
    const original = link.body.data.downloadUrl as string;
    expect(original).toMatch(/^\/api\/files\/11\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png\?exp=\d+&sig=/);
    const served = await fetchFile(original);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-store');
    const unsigned = original.split('?')[0] as string;
    expect((await fetchFile(unsigned)).statusCode).toBe(404);

    await t.settleJobs();
    const [rendered] = (await call(t, contract.pages.list, { projectId, chapterId }, team.artist.token)).body
      .data.list;
    expect(rendered?.renditions?.status).toBe('ready');
    expect(rendered?.icon).toBe(rendered?.renditions?.thumb);
    const thumb = await fetchFile(rendered?.icon as string);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const again = await uploadPageFile(t, team.founder, projectId, pageId, {
      filename: 'page.jpg',
      data: await image('jpeg'),
    });
    expect(again.body.data).toMatchObject({ status: 6, user: { id: team.founder.id }, revisions: 2 });
    const newLink = await call(t, contract.pages.link, { projectId, pageId }, team.editor.token);
    expect(newLink.body.data.downloadUrl).toMatch(/\.jpg\?/);
    // The replaced file stays, an earlier revision of the page with its renditions (issue 40).
    expect((await fetchFile(original)).statusCode).toBe(200);
    expect((await fetchFile(rendered?.icon as string)).statusCode).toBe(200);
    expect((await fetchFile(newLink.body.data.downloadUrl)).statusCode).toBe(200);
    expect(await statuses(team.founder, team, chapterId)).toEqual([6, 0]);
  });

  it.each([
    ['a text file', { filename: 'page.txt', data: Buffer.from('hello') }, 400, ja.pageFileType],
    [
      'text named .png',
      { filename: 'page.png', data: Buffer.from('not an image at all') },
      400,
      ja.pageFileType,
    ],
    [
      'a PDF named .clip',
      { filename: 'page.clip', data: Buffer.from('%PDF-1.4 not a CLIP STUDIO file') },
      400,
      ja.pageFileType,
    ],
  ] as const)('refuses %s, keeping nothing and leaving the page as it was', async (_, file, http, info) => {
    const { team, chapterId, projectId, pageIds } = await setUp(1);
    const pageId = pageIds[0] as number;
    const { data } = file;
    // The set-up's covers are rendered in the background: let that finish before counting files.
    await t.settleJobs();
    const files = await storedFiles();
    const rows = await uploadRows();
    const res = await uploadPageFile(t, team.founder, projectId, pageId, { filename: file.filename, data });
    expect(res).toMatchObject({ http, body: { info } });
    expect(await storedFiles()).toEqual(files);
    expect(await uploadRows()).toBe(rows);
    expect(await statuses(team.founder, team, chapterId)).toEqual([0]);
  });

  it(
    'takes the formats page work takes, by their content: PSD, TIFF, CLIP STUDIO, and an image over 2 MiB (issues 30, 31)',
    async () => {
      const { team, chapterId, projectId, pageIds } = await setUp(4);
      const big = await sharp({
        create: {
          width: 1800,
          height: 1800,
          channels: 3,
          background: '#fff',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(LIMITS.imageMaxBytes);
      const files = [
        { filename: '01.psd', data: psdFile(120, 170) },
        { filename: '02.tif', data: await oneBitTiff(120, 170) },
        { filename: '03.png', data: big },
        // Named by its content, not its name: a CLIP STUDIO file saved as .psd is still one.
        { filename: '04.psd', data: clipSample() },
      ];
      for (const [i, file] of files.entries()) {
        const res = await uploadPageFile(t, team.founder, projectId, pageIds[i] as number, file);
        expect(res, file.filename).toMatchObject({ http: 200, body: { data: { status: 3 } } });
      }
      // Four renders, one a CLIP STUDIO composite, beside the other test files' work.
      await t.settleJobs(RENDERS_SETTLE_MS);
      const list = (await call(t, contract.pages.list, { projectId, chapterId }, team.editor.token)).body.data
        .list;
      // Each has its previews, as a page handed in to a step would.
      expect(list.map((p) => p.renditions?.status)).toEqual(['ready', 'ready', 'ready', 'ready']);
      expect(list.every((p) => p.icon !== '')).toBe(true);
    },
    RENDERS_SETTLE_MS + 30_000,
  );

  it('needs projectId and pageId before the file', async () => {
    const { team, projectId, pageIds } = await setUp(1);
    const pageId = pageIds[0] as number;
    const { payload, headers } = multipartBody([
      { name: 'projectId', value: String(projectId) },
      { name: 'file', filename: 'page.png', data: await image('png') },
      { name: 'pageId', value: String(pageId) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: contract.pages.upload.path,
      payload,
      headers: { ...headers, token: team.founder.token },
    });
    expect(res.statusCode).toBe(400);
  });

  it('leaves type 11 uploads of the work flow open to any file', async () => {
    const someone = await person(t, 'creator');
    const res = await upload(t, form(11, 'page.psd', Buffer.from('8BPS layered')), someone.token);
    expect(res).toMatchObject({ http: 200, body: { data: { ext: 'psd' } } });
  });
});

describe('page notes', () => {
  it('are written by any member and read oldest first, 100 per page by default', async () => {
    const { team, chapterId, projectId, pageIds } = await setUp(1);
    const pageId = pageIds[0] as number;
    const refused = await call(
      t,
      contract.pages.addNote,
      { projectId, pageId, content: '   ' },
      team.founder.token,
    );
    expect(refused).toMatchObject({ http: 400, body: { info: ja.noteRequired } });
    const first = await call(
      t,
      contract.pages.addNote,
      { projectId, pageId, content: '1コマ目' },
      team.editor.token,
    );
    expect(first).toMatchObject({ http: 200, body: { info: ja.noteAdded } });
    for (let i = 2; i <= 101; i += 1) {
      const who = i % 2 ? team.artist : team.assistant;
      await call(t, contract.pages.addNote, { projectId, pageId, content: `メモ${i}` }, who.token);
    }
    const page1 = await call(t, contract.pages.notes, { projectId, pageId }, team.founder.token);
    expect(page1.body.data.total).toBe(101);
    expect(page1.body.data.list).toHaveLength(100);
    expect(page1.body.data.list[0]).toEqual({
      id: expect.any(Number),
      content: '1コマ目',
      user: { id: team.editor.id, nickname: team.editor.nickname, pic: expect.any(String) },
      create_at: expect.any(String),
    });
    expect(page1.body.data.list[99]?.content).toBe('メモ100');
    const page2 = await call(t, contract.pages.notes, { projectId, pageId, page: 2 }, team.founder.token);
    expect(page2.body.data.list.map((n) => n.content)).toEqual(['メモ101']);
    const small = await call(
      t,
      contract.pages.notes,
      { projectId, pageId, page: 3, pageSize: 2 },
      team.editor.token,
    );
    expect(small.body.data.list.map((n) => n.content)).toEqual(['メモ5', 'メモ6']);
    expect((await draftPages(t, team.founder, projectId, chapterId))[0]?.note_count).toBe(101);
  });
});

describe('the storyboard review', () => {
  it('goes 1 → 4 → 5 → 4 → 2 with the right refusals, notices and to-do items on the way', async () => {
    const { team, chapterId, projectId, pageIds } = await setUp(2);
    const [p1, p2] = pageIds as [number, number];
    const { founder, editor, artist, assistant, stranger } = team;
    const check = (who: Person, checkStatus: 1 | 2, chapterNote = '') =>
      call(t, contract.chapters.checkNames, { projectId, chapterId, checkStatus, chapterNote }, who.token);
    const review = (who: Person, pageId: number, checkStatus: 1 | 2) =>
      call(t, contract.pages.check, { projectId, pageId, checkStatus }, who.token);
    const commit = (who: Person) =>
      call(t, contract.chapters.submitNames, { projectId, chapterId }, who.token);
    expect(await nameTodos(founder)).toEqual({ 13: 1 });
    expect(await nameTodos(editor)).toEqual({});

    // Status 1: nothing to review yet; not every page uploaded.
    expect(await review(editor, p1, 1)).toMatchObject({ http: 409, body: { info: ja.namesNotInReview } });
    expect(await check(editor, 1)).toMatchObject({ http: 409, body: { info: ja.namesNotInReview } });
    await uploadDraftPage(t, founder, projectId, p1);
    expect(await commit(founder)).toMatchObject({ http: 409, body: { info: ja.namesIncomplete } });
    expect(await chapterStatus(t, founder, projectId, chapterId)).toEqual({ status: 1, audit: null });
    await uploadDraftPage(t, artist, projectId, p2);

    // 1 → 4: submitted by a creator; the editor is told.
    expect((await commit(editor)).http).toBe(403);
    expect((await commit(stranger)).http).toBe(404);
    expect(await commit(artist)).toMatchObject({ http: 200, body: { info: ja.namesSubmitted } });
    expect(await chapterStatus(t, founder, projectId, chapterId)).toEqual({ status: 4, audit: null });
    expect(await noticeTexts(editor)).toContainEqual(
      expect.stringMatching(new RegExp(`^${artist.nickname}さんから「.+」.+のネームの承認依頼が届きました$`)),
    );
    expect(await nameTodos(founder)).toEqual({});
    expect(await nameTodos(editor)).toEqual({ 2: 1 });
    const editorView = await call(t, contract.pages.list, { projectId, chapterId }, editor.token);
    expect(editorView.body.data).toMatchObject({ can_edit: false, can_review: true });
    expect(
      (await call(t, contract.pages.list, { projectId, chapterId }, founder.token)).body.data,
    ).toMatchObject({
      can_edit: false,
      can_review: false,
    });

    // Status 4: the storyboard is frozen for creators.
    expect(await commit(founder)).toMatchObject({ http: 409, body: { info: ja.namesNotEditable } });
    expect(await call(t, contract.pages.add, { projectId, chapterId }, founder.token)).toMatchObject({
      http: 409,
      body: { info: ja.namesNotEditable },
    });
    expect(await call(t, contract.pages.remove, { projectId, pageId: p1 }, founder.token)).toMatchObject({
      http: 409,
      body: { info: ja.namesNotEditable },
    });
    expect(await uploadPageFile(t, founder, projectId, p1)).toMatchObject({
      http: 409,
      body: { info: ja.namesNotEditable },
    });
    expect(await statuses(founder, team, chapterId)).toEqual([3, 3]);

    // Only the editor in charge reviews.
    for (const who of [founder, artist, assistant]) {
      expect((await review(who, p1, 1)).http).toBe(403);
      expect((await check(who, 2, '直してください')).http).toBe(403);
    }
    expect((await review(stranger, p1, 1)).http).toBe(404);
    expect((await check(stranger, 1)).http).toBe(404);
    expect(await check(editor, 1)).toMatchObject({ http: 409, body: { info: ja.allPagesApproved } });
    const invalid = { projectId, pageId: p1, checkStatus: 3 };
    expect(await callUnchecked(t, contract.pages.check, invalid, editor.token)).toMatchObject({
      http: 400,
      body: { info: ja.checkStatusInvalid },
    });
    expect(await review(editor, p1, 1)).toMatchObject({ http: 200, body: { info: ja.pageReviewed } });
    expect(await review(editor, p2, 2)).toMatchObject({ http: 200 });
    expect(await statuses(founder, team, chapterId)).toEqual([4, 5]);
    expect(await check(editor, 1)).toMatchObject({ http: 409, body: { info: ja.allPagesApproved } });
    expect(await check(editor, 2, '  ')).toMatchObject({
      http: 400,
      body: { info: ja.rejectReasonRequired },
    });
    expect(await chapterStatus(t, founder, projectId, chapterId)).toEqual({ status: 4, audit: null });

    // 4 → 5: rejected with a reason; the team (not the editor) is told with it.
    expect(await check(editor, 2, '2ページ目のコマ割りを直してください')).toMatchObject({
      http: 200,
      body: { info: ja.namesRejected },
    });
    const details = await call(t, contract.chapters.detail, { projectId, chapterId }, artist.token);
    expect(details.body.data).toMatchObject({
      status: 5,
      name_remark: '2ページ目のコマ割りを直してください',
    });
    for (const who of [founder, artist, assistant])
      expect(await noticeTexts(who)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^${editor.nickname}さんが「.+」.+のネームを差し戻しました：「2ページ目のコマ割りを直してください」$`,
          ),
        ),
      );
    expect(await noticeTexts(editor)).not.toContainEqual(expect.stringContaining('ネームを差し戻しました'));
    expect(await nameTodos(founder)).toEqual({ 4: 1 });
    expect(await nameTodos(editor)).toEqual({});
    expect(await review(editor, p2, 1)).toMatchObject({ http: 409, body: { info: ja.namesNotInReview } });
    expect(await check(editor, 1)).toMatchObject({ http: 409, body: { info: ja.namesNotInReview } });

    // 5 → 4: the rejected page uploaded again (6) and resubmitted.
    expect((await uploadPageFile(t, assistant, projectId, p2)).body.data.status).toBe(6);
    expect(await statuses(founder, team, chapterId)).toEqual([4, 6]);
    expect((await commit(founder)).http).toBe(200);
    expect(await nameTodos(founder)).toEqual({});
    expect(await nameTodos(editor)).toEqual({ 2: 1 });

    // Rejection needs a page not passed; approval needs every page passed.
    expect((await review(editor, p2, 1)).http).toBe(200);
    expect(await check(editor, 2, 'やっぱり直して')).toMatchObject({
      http: 409,
      body: { info: ja.onePageRejected },
    });
    expect(await chapterStatus(t, founder, projectId, chapterId)).toEqual({ status: 4, audit: null });

    // 4 → 2: approved; the team is told.
    expect(await check(editor, 1)).toMatchObject({ http: 200, body: { info: ja.namesApproved } });
    expect(await chapterStatus(t, founder, projectId, chapterId)).toEqual({ status: 2, audit: null });
    for (const who of [founder, artist, assistant])
      expect(await noticeTexts(who)).toContainEqual(
        expect.stringMatching(new RegExp(`^${editor.nickname}さんが「.+」.+のネームを承認しました$`)),
      );
    expect(await nameTodos(founder)).toEqual({});
    expect(await nameTodos(editor)).toEqual({});
    expect(await check(editor, 1)).toMatchObject({ http: 409, body: { info: ja.namesNotInReview } });
    expect(await commit(founder)).toMatchObject({ http: 409, body: { info: ja.namesNotEditable } });
    expect(
      await call(t, contract.pages.addNote, { projectId, pageId: p1, content: '完成！' }, artist.token),
    ).toMatchObject({
      http: 200,
    });
  });

  it('needs pages and an editor in charge to be submitted', async () => {
    const founder = await person(t, 'creator');
    const projectId = await createProject(t, founder);
    const chapterId = await addChapter(t, founder, projectId, { page: '1' });
    const [page] = await draftPages(t, founder, projectId, chapterId);
    await uploadDraftPage(t, founder, projectId, page?.id as number);
    const commit = () => call(t, contract.chapters.submitNames, { projectId, chapterId }, founder.token);
    expect(await commit()).toMatchObject({ http: 409, body: { info: ja.editorInChargeRequired } });
    await call(t, contract.pages.remove, { projectId, pageId: page?.id as number }, founder.token);
    expect(await commit()).toMatchObject({ http: 409, body: { info: ja.namesEmpty } });
    expect(await chapterStatus(t, founder, projectId, chapterId)).toEqual({ status: 1, audit: null });
    expect(await nameTodos(founder)).toEqual({ 13: 1 });
  });

  it('is approved once when two approvals race: one 200, one 409, one notice each', async () => {
    const team = await productionTeam(t);
    const { projectId, editor } = team;
    const chapterId = await addChapter(t, team.founder, projectId, { page: '2' });
    await submitNames(t, team, chapterId);
    for (const page of await draftPages(t, editor, projectId, chapterId))
      await call(t, contract.pages.check, { projectId, pageId: page.id, checkStatus: 1 }, editor.token);
    const body = { projectId, chapterId, checkStatus: 1 as const, chapterNote: '' };
    const results = await Promise.all([
      call(t, contract.chapters.checkNames, body, editor.token),
      call(t, contract.chapters.checkNames, body, editor.token),
    ]);
    expect(results.map((r) => r.http).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.http === 409)?.body.info).toBe(ja.namesNotInReview);
    expect(await chapterStatus(t, team.founder, projectId, chapterId)).toEqual({ status: 2, audit: null });
    for (const who of [team.founder, team.artist, team.assistant]) {
      const approved = (await noticeTexts(who)).filter((m) => m.includes('ネームを承認しました'));
      expect(approved).toHaveLength(1);
    }
  });

  it('lists its to-do items per chapter, nearest name deadline first, due at the end of that Tokyo day', async () => {
    const team = await productionTeam(t);
    const { projectId, founder, editor } = team;
    const later = await addChapter(t, founder, projectId, { title: '第2話', scriptAt: '2099-12-31' });
    const sooner = await addChapter(t, founder, projectId, { title: '第1話', scriptAt: '2099-06-30' });
    const list = async (who: Person, type: number) =>
      (await call(t, contract.dashboard.todoList, { type, page: 1, pageSize: 10 }, who.token)).body.data;
    const founderItems = await list(founder, 13);
    expect(founderItems.total).toBe(2);
    expect(founderItems.cnt).toBe(2);
    expect(founderItems.list).toEqual([
      {
        project_title: '月の庭',
        chapter_title: '第1話',
        projectid: projectId,
        chapterid: sooner,
        chapter_script_at: '2099-06-30',
        chapter_check_at: expect.any(String),
        project_user: { id: founder.id, nickname: founder.nickname },
        time_left: expect.stringMatching(/^\d+日\d+時間$/),
        application: null,
        marks: null,
        step: null,
        invitation_message: null,
      },
      expect.objectContaining({ chapterid: later }),
    ]);
    // Due at 24:00 on 2099-06-30 in Tokyo.
    const hours = Math.floor((Date.parse('2099-07-01T00:00:00+09:00') - Date.now()) / 3_600_000);
    const expected = `${Math.floor(hours / 24)}日${hours % 24}時間`;
    expect([expected, `${Math.floor((hours - 1) / 24)}日${(hours - 1) % 24}時間`]).toContain(
      founderItems.list[0]?.time_left,
    );
    await submitNames(t, team, later);
    expect((await list(editor, 2)).list).toEqual([
      expect.objectContaining({
        chapterid: later,
        project_user: { id: founder.id, nickname: founder.nickname },
      }),
    ]);
    expect((await list(founder, 13)).list).toEqual([expect.objectContaining({ chapterid: sooner })]);
    await approveNames(t, team, sooner);
    expect(await nameTodos(founder)).toEqual({});
    expect(await nameTodos(editor)).toEqual({ 2: 1 });
  });

  it('tells every member’s open screens after each change', async () => {
    const { team, chapterId, projectId, pageIds } = await setUp(1);
    const seen: unknown[] = [];
    const stop = t.app.deps.live.subscribe(team.editor.id, (m) => {
      if (m.event === LiveEvent.CHAPTER) seen.push(m.data);
    });
    try {
      await uploadDraftPage(t, team.artist, projectId, pageIds[0] as number);
      // The upload, then its renditions: thumbnail and preview, then the tiles (docs/renditions.md).
      await t.settleJobs();
      await expect.poll(() => seen.length).toBe(3);
      await call(
        t,
        contract.pages.addNote,
        { projectId, pageId: pageIds[0] as number, content: 'いいね' },
        team.founder.token,
      );
      await expect.poll(() => seen.length).toBe(4);
      await call(t, contract.pages.add, { projectId, chapterId }, team.founder.token);
      await expect.poll(() => seen.length).toBe(5);
    } finally {
      stop();
    }
    expect(seen).toEqual([1, 2, 3, 4, 5].map(() => ({ projectId, chapterId })));
  });
});

describe('approveNames', () => {
  it('takes a fresh chapter to status 2 with every page passed', async () => {
    const team = await productionTeam(t);
    const chapterId = await addChapter(t, team.founder, team.projectId);
    await approveNames(t, team, chapterId);
    expect(await chapterStatus(t, team.founder, team.projectId, chapterId)).toEqual({
      status: 2,
      audit: null,
    });
    expect(await statuses(team.founder, team, chapterId)).toEqual([4, 4, 4]);
  });
});
