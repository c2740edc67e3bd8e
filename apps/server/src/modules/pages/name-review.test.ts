import { MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import {
  addChapter,
  chapterStatus,
  draftPages,
  productionTeam,
  submitNames,
  type Team,
  uploadDraftPage,
} from '../../test/chapter-fixtures.js';
import type { Person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { deleteUnreferenced } from '../uploads/references.repository.js';
import { uploads } from '../uploads/uploads.table.js';

/**
 * The editor's review of a storyboard (issue 40, docs/production.md): every file a page was
 * given is kept with the marks drawn on it, the viewer and the page's history list them, marks
 * carry over with their state; a send-back keeps its reason; 全ページ承認 approves the rest at once.
 */
const ja = MESSAGES.ja;
const RENDERS_SETTLE_MS = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function setUp(pages: number) {
  const team = await productionTeam(t);
  const chapterId = await addChapter(t, team.founder, team.projectId, { page: String(pages) });
  return { team, chapterId, projectId: team.projectId };
}

const viewerPage = async (team: Team, chapterId: number, who: Person = team.editor) => {
  const res = await call(t, contract.workflow.viewer, { projectId: team.projectId, chapterId }, who.token);
  return res.body.data.pages[0];
};

const marksOn = async (team: Team, pageId: number, revisionId: number, who: Person) =>
  (await call(t, contract.marks.list, { projectId: team.projectId, pageId, revisionId }, who.token)).body
    .data;

const uploadCount = async () => (await t.app.deps.db.select({ n: count() }).from(uploads))[0]?.n ?? 0;

describe('storyboard revisions', () => {
  it('keeps every file of a page, lists and compares them, and carries the editor’s marks with their state', async () => {
    const { team, chapterId, projectId } = await setUp(2);
    await submitNames(t, team, chapterId);
    await t.settleJobs(RENDERS_SETTLE_MS);
    const [page] = await draftPages(t, team.editor, projectId, chapterId);
    const pageId = page?.id as number;
    expect(page?.revisions).toBe(1);
    const first = (await viewerPage(team, chapterId))?.revisions ?? [];
    expect(first.map((r) => [r.kind, r.label])).toEqual([['script', 'ネーム']]);
    const marked = first[0]?.id as number;

    // The editor marks the version she reads, sends the page back with a reason, then the name.
    const drawn = await call(
      t,
      contract.marks.add,
      {
        projectId,
        pageId,
        revisionId: marked,
        shape: { type: 'rect', x: 5, y: 5, w: 30, h: 20 },
        comment: '表情を硬く',
      },
      team.editor.token,
    );
    expect(drawn.http).toBe(200);
    const markId = drawn.body.data.id;
    const sentBack = await call(
      t,
      contract.pages.check,
      { projectId, pageId, checkStatus: 2, remark: '  2コマ目の視線を直してください ' },
      team.editor.token,
    );
    expect(sentBack).toMatchObject({ http: 200, body: { info: ja.pageReviewed } });
    const notes = await call(t, contract.pages.notes, { projectId, pageId }, team.founder.token);
    expect(notes.body.data.list.map((n) => [n.user.id, n.content])).toEqual([
      [team.editor.id, '2コマ目の視線を直してください'],
    ]);
    await call(
      t,
      contract.chapters.checkNames,
      { projectId, chapterId, checkStatus: 2, chapterNote: '1ページ目を直してください' },
      team.editor.token,
    );

    // The founder replaces the page: the old file stays, the viewer lists both.
    const oldLink = (await call(t, contract.pages.link, { projectId, pageId }, team.founder.token)).body.data
      .downloadUrl as string;
    await uploadDraftPage(t, team.founder, projectId, pageId);
    await t.settleJobs(RENDERS_SETTLE_MS);
    expect((await t.app.inject({ method: 'GET', url: oldLink })).statusCode).toBe(200);
    const both = (await viewerPage(team, chapterId))?.revisions ?? [];
    expect(both.map((r) => [r.kind, r.label])).toEqual([
      ['script', 'ネーム 第1版'],
      ['script', 'ネーム 第2版'],
    ]);
    expect(both[0]?.id).toBe(marked);
    const latest = both[1]?.id as number;
    expect(latest).toBeGreaterThan(marked);
    expect((await draftPages(t, team.founder, projectId, chapterId))[0]?.revisions).toBe(2);

    // Her mark stays on the version she marked and is carried over the new one, open.
    const onOld = await marksOn(team, pageId, marked, team.founder);
    expect(onOld.marks.map((m) => [m.id, m.revision_id, m.state])).toEqual([[markId, marked, 'open']]);
    const onNew = await marksOn(team, pageId, latest, team.founder);
    expect(onNew.marks).toEqual([]);
    expect(onNew.ghosts.map((m) => [m.id, m.state, m.comment])).toEqual([[markId, 'open', '表情を硬く']]);
    expect(onNew.may.resolve).toBe(true);

    // Resolved over the new file by the founder, it is carried resolved; confirmed, it is gone.
    const resolve = await call(
      t,
      contract.marks.resolve,
      { projectId, markId, state: 'open' },
      team.founder.token,
    );
    expect(resolve.body.data.state).toBe('resolved');
    expect((await marksOn(team, pageId, latest, team.editor)).ghosts.map((m) => m.state)).toEqual([
      'resolved',
    ]);
    const confirm = await call(
      t,
      contract.marks.confirm,
      { projectId, markId, state: 'resolved' },
      team.editor.token,
    );
    expect(confirm.body.data.state).toBe('confirmed');
    expect((await marksOn(team, pageId, latest, team.editor)).ghosts).toEqual([]);

    // The page's history: newest first, who uploaded each and the marks drawn on it.
    const history = await call(t, contract.pages.revisions, { projectId, pageId }, team.assistant.token);
    expect(
      history.body.data.list.map((r) => [r.id, r.version, r.user?.id, r.marks, r.renditions?.status]),
    ).toEqual([
      [latest, 2, team.founder.id, { open: 0, resolved: 0, confirmed: 0 }, 'ready'],
      [marked, 1, team.founder.id, { open: 0, resolved: 0, confirmed: 1 }, 'ready'],
    ]);
    expect((await call(t, contract.pages.revisions, { projectId, pageId }, team.stranger.token)).http).toBe(
      404,
    );

    // The editor may still draw on the older version (a revision of the page, not a stranger's file).
    const again = await call(
      t,
      contract.marks.add,
      {
        projectId,
        pageId,
        revisionId: marked,
        shape: { type: 'rect', x: 1, y: 1, w: 10, h: 10 },
        comment: 'ここも',
      },
      team.editor.token,
    );
    expect(again.http).toBe(200);

    // The sweep of unattached uploads leaves the old file: a page revision holds it.
    const swept = await deleteUnreferenced(t.app.deps.db, new Date(Date.now() + 86_400_000), 1000);
    const oldKey = (
      await t.app.deps.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.id, marked))
    )[0]?.key as string;
    expect(oldKey).toBeTruthy();
    expect(swept).not.toContain(oldKey);

    // Deleting the page takes every file it was given.
    const before = await uploadCount();
    const removed = await call(t, contract.pages.remove, { projectId, pageId }, team.founder.token);
    expect(removed.http).toBe(200);
    expect(await uploadCount()).toBe(before - 2);
    expect((await t.app.inject({ method: 'GET', url: oldLink })).statusCode).toBe(404);
  });

  it('refuses a send-back reason over the limit and changes nothing', async () => {
    const { team, chapterId, projectId } = await setUp(1);
    await submitNames(t, team, chapterId);
    const [page] = await draftPages(t, team.editor, projectId, chapterId);
    const res = await call(
      t,
      contract.pages.check,
      { projectId, pageId: page?.id as number, checkStatus: 2, remark: 'あ'.repeat(1001) },
      team.editor.token,
    );
    expect(res).toMatchObject({ http: 400, body: { info: ja.rejectReasonTooLong } });
    expect((await draftPages(t, team.editor, projectId, chapterId)).map((p) => p.status)).toEqual([3]);
    const notes = await call(
      t,
      contract.pages.notes,
      { projectId, pageId: page?.id as number },
      team.editor.token,
    );
    expect(notes.body.data.list).toEqual([]);
  });
});

describe('全ページ承認', () => {
  const approveAll = (who: Person, projectId: number, chapterId: number) =>
    call(t, contract.chapters.approveAllPages, { projectId, chapterId }, who.token);

  it('approves every remaining page and the name in one call, and tells the team', async () => {
    const { team, chapterId, projectId } = await setUp(8);
    await submitNames(t, team, chapterId);
    const pages = await draftPages(t, team.editor, projectId, chapterId);
    const check = (pageId: number, checkStatus: 1 | 2) =>
      call(
        t,
        contract.pages.check,
        { projectId, pageId, checkStatus, remark: '直してください' },
        team.editor.token,
      );
    await check(pages[0]?.id as number, 1);
    await check(pages[1]?.id as number, 1);
    await check(pages[2]?.id as number, 2);

    for (const who of [team.founder, team.artist, team.assistant])
      expect((await approveAll(who, projectId, chapterId)).http, who.nickname).toBe(403);
    expect((await approveAll(team.stranger, projectId, chapterId)).http).toBe(404);
    expect((await chapterStatus(t, team.editor, projectId, chapterId)).status).toBe(4);

    const res = await approveAll(team.editor, projectId, chapterId);
    expect(res).toMatchObject({
      http: 200,
      body: { info: ja.namesApproved, data: { approved: 6, total: 8 } },
    });
    expect((await chapterStatus(t, team.editor, projectId, chapterId)).status).toBe(2);
    expect((await draftPages(t, team.founder, projectId, chapterId)).map((p) => p.status)).toEqual(
      Array(8).fill(4),
    );
    const notices = await call(t, contract.notices.list, { page: 1, pageSize: 20 }, team.founder.token);
    expect(notices.body.data.notices.filter((n) => n.message.includes('ネームを承認しました')).length).toBe(
      1,
    );

    // Once approved, nothing is left to approve.
    expect(await approveAll(team.editor, projectId, chapterId)).toMatchObject({
      http: 409,
      body: { info: ja.namesNotInReview },
    });
  });

  it('of two at once, one approves and the other is told; a name not in review is refused', async () => {
    const { team, chapterId, projectId } = await setUp(3);
    expect(await approveAll(team.editor, projectId, chapterId)).toMatchObject({
      http: 409,
      body: { info: ja.namesNotInReview },
    });
    await submitNames(t, team, chapterId);
    const answers = await Promise.all([
      approveAll(team.editor, projectId, chapterId),
      approveAll(team.editor, projectId, chapterId),
    ]);
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.http === 200)?.body.data).toEqual({ approved: 3, total: 3 });
    expect((await chapterStatus(t, team.editor, projectId, chapterId)).status).toBe(2);
  });
});
