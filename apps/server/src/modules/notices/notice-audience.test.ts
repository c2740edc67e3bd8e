import { NoticeKind } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { addChapter, approveNames, draftPages, submitNames } from '../../test/chapter-fixtures.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { joinChapter } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  approvedChapter,
  chapterCall,
  finishAllPages,
  type Production,
  standardPlan,
} from '../../test/workflow-test-helpers.js';
import { notices } from './notices.table.js';

/**
 * Who hears news about a chapter (docs/notices.md, "Who hears it"): the people who work on it, not
 * a member recruited for another chapter only. The project's team is founder, editor, a main artist
 * and a background artist for every chapter; `helper` joined chapter B alone.
 */
let t: TestApp;
let p: Production;
let helper: Person;
let chapterB: number;
let chapterC: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 1);
  helper = await person(t, 'creator', { positions: [6] });
  chapterB = await addChapter(t, p.founder, p.projectId, { title: '第2話 あらし', page: '1' });
  chapterC = await addChapter(t, p.founder, p.projectId, { title: '第3話 なぎ', page: '1' });
  await joinChapter(t, p.founder, helper, { projectId: p.projectId, chapterId: chapterB });
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** The readers of the notices of `kind` about `chapterId`. */
async function readersOf(kind: NoticeKind, chapterId: number): Promise<number[]> {
  const rows = await t.app.deps.db
    .select({ userId: notices.userId })
    .from(notices)
    .where(and(eq(notices.kind, kind), eq(notices.targetChapterId, chapterId)));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

const ids = (...people: Person[]) => people.map((x) => x.id).sort((a, b) => a - b);

describe('news about a chapter reaches the people who work on it', () => {
  it('a storyboard approved: the chapter’s member hears it, with the project-wide team', async () => {
    await approveNames(t, p, chapterB);
    expect(await readersOf(NoticeKind.NAME_APPROVED, chapterB)).toEqual(
      ids(p.founder, p.artist, p.assistant, helper),
    );
  });

  it('a storyboard sent back in another chapter: not the member of chapter B', async () => {
    await submitNames(t, p, chapterC);
    const [page] = await draftPages(t, p.editor, p.projectId, chapterC);
    const pageRef = { projectId: p.projectId, pageId: page?.id ?? 0 };
    expect((await call(t, contract.pages.check, { ...pageRef, checkStatus: 2 }, p.editor.token)).http).toBe(
      200,
    );
    const body = {
      projectId: p.projectId,
      chapterId: chapterC,
      checkStatus: 2 as const,
      chapterNote: '直して',
    };
    expect((await call(t, contract.chapters.checkNames, body, p.editor.token)).http).toBe(200);
    expect(await readersOf(NoticeKind.NAME_REJECTED, chapterC)).toEqual(
      ids(p.founder, p.artist, p.assistant),
    );
  });

  it('the 校了 of another chapter sent back and passed: not the member of chapter B', async () => {
    await standardPlan(t, p);
    await finishAllPages(t, p);
    expect((await chapterCall(t, p, p.founder, 'actionCommit')).http).toBe(200);
    expect(await readersOf(NoticeKind.FINAL_SUBMITTED, p.chapterId)).toEqual(ids(p.editor));
    expect((await chapterCall(t, p, p.editor, 'actionAuditReject', { remark: '3ページ目' })).http).toBe(200);
    expect(await readersOf(NoticeKind.FINAL_REJECTED, p.chapterId)).toEqual(
      ids(p.founder, p.artist, p.assistant),
    );
    expect((await chapterCall(t, p, p.founder, 'actionCommit')).http).toBe(200);
    expect((await chapterCall(t, p, p.editor, 'actionAuditPass')).http).toBe(200);
    expect(await readersOf(NoticeKind.FINAL_APPROVED, p.chapterId)).toEqual(
      ids(p.founder, p.artist, p.assistant),
    );
  });

  it('a board post is the project’s: every member hears it, the chapter’s member too', async () => {
    const post = { projectId: p.projectId, content: '来週の打ち合わせは火曜です' };
    expect((await call(t, contract.board.add, post, p.founder.token)).http).toBe(200);
    const rows = await t.app.deps.db
      .select({ userId: notices.userId })
      .from(notices)
      .where(and(eq(notices.kind, NoticeKind.BOARD_POST), eq(notices.targetProjectId, p.projectId)));
    expect(rows.map((r) => r.userId).sort((a, b) => a - b)).toEqual(
      ids(p.editor, p.artist, p.assistant, helper),
    );
  });
});
