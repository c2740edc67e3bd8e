import { ChapterStatus, LiveEvent, type MarkState, MESSAGES, NoticeKind, TodoType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../infra/live-bus.js';
import { call, callUnchecked } from '../../test/api.js';
import type { Person } from '../../test/people-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  act,
  approvedChapter,
  type Production,
  pageFile,
  pageSteps,
  standardPlan,
} from '../../test/workflow-test-helpers.js';
import { chapters } from '../chapters/chapters.table.js';
import { notices } from '../notices/notices.table.js';
import { chapterPages } from '../pages/pages.table.js';

/**
 * What a mark change does around the mark (docs/marks.md): every member's open screens hear of it
 * (LiveEvent.MARKS), the assignee and the mark's author get one notice a page, and the pages with
 * marks waiting are to-do items. Page 1's pencils are the main artist's; the founder judges them.
 */
let t: TestApp;
let p: Production;
let pageId: number;
let storyboard: number;
let pencils: number;
let stepId: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 2);
  await standardPlan(t, p);
  pageId = p.pageIds[0] as number;
  stepId = (await pageSteps(t, p, pageId)).steps[0]?.step_id as number;
  await act(t, p, p.artist, 'actionStart', stepId);
  await act(t, p, p.artist, 'actionCommit', stepId, { filePath: await pageFile(t, p.artist) });
  await t.settleJobs();
  const viewer = await call(
    t,
    contract.workflow.viewer,
    { projectId: p.projectId, chapterId: p.chapterId },
    p.founder.token,
  );
  const revisions = viewer.body.data.pages[0]?.revisions ?? [];
  storyboard = revisions.find((r) => r.kind === 'script')?.id as number;
  pencils = revisions.find((r) => r.kind === 'step')?.id as number;
}, 60_000);
afterAll(() => t.close());

const RECT = { type: 'rect', x: 10, y: 10, w: 40, h: 30 } as const;

async function add(who: Person, revisionId = pencils) {
  const body = { projectId: p.projectId, pageId, revisionId, shape: RECT, comment: 'ここ修正' };
  return (await call(t, contract.marks.add, body, who.token)).body.data;
}
const move = (action: 'resolve' | 'confirm' | 'reopen', who: Person, id: number, state: MarkState) =>
  call(t, contract.marks[action], { projectId: p.projectId, markId: id, state }, who.token);

/** The MARKS events `who` receives while `run` runs. */
async function marksEventsDuring(who: Person, run: () => Promise<unknown>) {
  const got: LiveMessage[] = [];
  const stop = t.app.deps.live.subscribe(who.id, (m) => {
    if (m.event === LiveEvent.MARKS) got.push(m);
  });
  try {
    await run();
  } finally {
    stop();
  }
  return got;
}

const noticesOf = (who: Person, kind: string) =>
  t.app.deps.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, who.id), eq(notices.kind, kind)));

async function todos(who: Person, type: number) {
  const counts = (await call(t, contract.dashboard.todoCounts, undefined, who.token)).body.data.list;
  const list = (await call(t, contract.dashboard.todoList, { type }, who.token)).body.data.list;
  return { cnt: counts.find((c) => c.type === type)?.cnt, list };
}

describe('live updates', () => {
  it('tell every member of each change of a page’s marks, with the page', async () => {
    const page = { projectId: p.projectId, chapterId: p.chapterId, pageId };
    const expected = { event: LiveEvent.MARKS, data: page };
    for (const member of [p.editor, p.assistant]) {
      let mark = { id: 0 };
      const steps: [string, () => Promise<unknown>][] = [
        ['add', async () => (mark = await add(p.founder))],
        [
          'reply',
          () =>
            call(
              t,
              contract.marks.reply,
              { projectId: p.projectId, markId: mark.id, content: '了解です' },
              p.artist.token,
            ),
        ],
        ['resolve', () => move('resolve', p.artist, mark.id, 'open')],
        ['reopen', () => move('reopen', p.founder, mark.id, 'resolved')],
        ['resolve again', () => move('resolve', p.artist, mark.id, 'open')],
        ['confirm', () => move('confirm', p.founder, mark.id, 'resolved')],
      ];
      for (const [what, run] of steps) expect(await marksEventsDuring(member, run), what).toEqual([expected]);
      const open = await add(p.founder);
      const removed = await marksEventsDuring(member, () =>
        call(t, contract.marks.remove, { projectId: p.projectId, markId: open.id }, p.founder.token),
      );
      expect(removed).toEqual([expected]);
    }
  });

  it('stay silent for a refused change and for strangers', async () => {
    const mark = await add(p.founder);
    const refused = await marksEventsDuring(p.editor, () => move('resolve', p.founder, mark.id, 'open'));
    expect(refused).toEqual([]);
    expect(await marksEventsDuring(p.stranger, () => add(p.founder))).toEqual([]);
  });
});

describe('notices', () => {
  it('a reviewer drawing many marks leaves the assignee one unread notice a page, in the digest', async () => {
    await t.app.deps.db.delete(notices);
    for (let i = 0; i < 4; i++) await add(p.founder);
    const told = await noticesOf(p.artist, NoticeKind.MARK_ADDED);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ targetKind: 'page', targetPageId: pageId, mailMode: 'digest' });
    const bell = (await call(t, contract.notices.list, { page: 1, pageSize: 10 }, p.artist.token)).body.data;
    // It names who drew (issue 30).
    expect(bell.notices[0]?.message).toMatch(
      new RegExp(`^${p.founder.nickname}さんが「.+」.+ 1ページに赤入れしました$`),
    );
    // Read, the next mark tells again.
    await call(t, contract.notices.read, undefined, p.artist.token);
    await add(p.founder);
    expect(await noticesOf(p.artist, NoticeKind.MARK_ADDED)).toHaveLength(2);
    expect(await noticesOf(p.founder, NoticeKind.MARK_ADDED)).toHaveLength(0);
  });

  it('the mark’s author hears that the assignee resolved it', async () => {
    await t.app.deps.db.delete(notices);
    const a = await add(p.founder);
    const b = await add(p.founder);
    await move('resolve', p.artist, a.id, 'open');
    await move('resolve', p.artist, b.id, 'open');
    const told = await noticesOf(p.founder, NoticeKind.MARK_RESOLVED);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ targetPageId: pageId });
    expect(await noticesOf(p.artist, NoticeKind.MARK_RESOLVED)).toHaveLength(0);
  });

  it('on the storyboard, who uploaded the page hears of the editor’s marks', async () => {
    await t.app.deps.db.delete(notices);
    const [page] = await t.app.deps.db.select().from(chapterPages).where(eq(chapterPages.id, pageId));
    const uploader = [p.founder, p.artist, p.assistant].find((x) => x.id === page?.uploadedBy) as Person;
    expect(uploader).toBeDefined();
    await add(p.editor, storyboard);
    expect(await noticesOf(uploader, NoticeKind.MARK_ADDED)).toHaveLength(1);
  });
});

describe('the editor in charge’s marks on a step (issue 40)', () => {
  it('tell the step’s assignee, and wait for the editor to confirm them once resolved', async () => {
    await t.app.deps.db.delete(notices);
    const mark = await add(p.editor);
    expect(await noticesOf(p.artist, NoticeKind.MARK_ADDED)).toHaveLength(1);
    await move('resolve', p.artist, mark.id, 'open');
    const waiting = await todos(p.editor, TodoType.MARKS_TO_CONFIRM);
    expect(waiting.list.map((item) => item.marks?.page_id)).toContain(pageId);
    await move('confirm', p.editor, mark.id, 'resolved');
  });
});

describe('to-do items', () => {
  it('count the open marks for the assignee and the resolved ones for their author, one item a page, leading to the page', async () => {
    const marks = (await call(t, contract.marks.list, { projectId: p.projectId, pageId }, p.founder.token))
      .body.data.marks;
    const open = marks.filter((m) => m.state === 'open' && m.step_id !== null).length;
    const resolved = marks.filter((m) => m.state === 'resolved' && m.author.id === p.founder.id).length;
    expect(open).toBeGreaterThan(0);
    expect(resolved).toBeGreaterThan(0);
    const artist = await todos(p.artist, TodoType.MARKS_OPEN);
    // The tile counts marks, as its title names them (issue 30), not pages.
    expect(artist.cnt).toBe(open);
    expect(artist.list).toEqual([
      expect.objectContaining({
        projectid: p.projectId,
        chapterid: p.chapterId,
        marks: { page_id: pageId, page_num: 1, count: open },
      }),
    ]);
    const founder = await todos(p.founder, TodoType.MARKS_TO_CONFIRM);
    expect(founder.cnt).toBe(resolved);
    expect(founder.list[0]?.marks).toEqual({ page_id: pageId, page_num: 1, count: resolved });
    expect((await todos(p.assistant, TodoType.MARKS_OPEN)).cnt).toBe(0);
    expect((await todos(p.artist, TodoType.MARKS_TO_CONFIRM)).cnt).toBe(0);
    // Confirmed, a mark waits for nobody.
    for (const m of marks.filter((m) => m.state === 'resolved'))
      await move('confirm', p.founder, m.id, 'resolved');
    expect((await todos(p.founder, TodoType.MARKS_TO_CONFIRM)).cnt).toBe(0);
  });
});

describe('the step history', () => {
  it('shows per revision its marks by state, the counts the viewer gives for that revision', async () => {
    const listed = (
      await call(
        t,
        contract.marks.list,
        { projectId: p.projectId, pageId, revisionId: pencils },
        p.founder.token,
      )
    ).body.data;
    const { marks } = listed;
    const counts = {
      open: marks.filter((m) => m.state === 'open').length,
      resolved: marks.filter((m) => m.state === 'resolved').length,
      confirmed: marks.filter((m) => m.state === 'confirmed').length,
    };
    expect(counts.open).toBeGreaterThan(0);
    expect(counts.resolved + counts.confirmed).toBeGreaterThan(0);
    // The first revision has no ghosts: the viewer's counts are its own marks'.
    expect(listed.ghosts).toEqual([]);
    expect(listed.counts).toEqual(counts);
    const history = (
      await call(
        t,
        contract.workflow.history,
        { projectId: p.projectId, workflowStepId: stepId },
        p.artist.token,
      )
    ).body.data.list;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'commit', marks: counts });
  });

  it('says nothing of marks for a revision without any', async () => {
    const other = (await pageSteps(t, p, p.pageIds[1] as number)).steps[0]?.step_id as number;
    await act(t, p, p.artist, 'actionStart', other);
    await act(t, p, p.artist, 'actionCommit', other, { filePath: await pageFile(t, p.artist) });
    const history = (
      await call(
        t,
        contract.workflow.history,
        { projectId: p.projectId, workflowStepId: other },
        p.artist.token,
      )
    ).body.data.list;
    expect(history.map((e) => e.marks)).toEqual([null]);
  });
});

describe('approving with open marks', () => {
  it('the screens that approve know how many marks are open: on the step, on the storyboard page, in the chapter', async () => {
    const all = (await call(t, contract.marks.list, { projectId: p.projectId, pageId }, p.founder.token)).body
      .data.marks;
    const openOnStep = all.filter((m) => m.state === 'open' && m.step_id === stepId).length;
    const openOnStoryboard = all.filter((m) => m.state === 'open' && m.step_id === null).length;
    expect(openOnStep).toBeGreaterThan(0);
    expect(openOnStoryboard).toBeGreaterThan(0);
    const steps = (await pageSteps(t, p, pageId)).steps;
    expect(steps.map((s) => s.open_marks)).toEqual([openOnStep, ...steps.slice(1).map(() => 0)]);
    const chapter = { projectId: p.projectId, chapterId: p.chapterId };
    const draft = (await call(t, contract.pages.list, chapter, p.editor.token)).body.data.list;
    expect(draft.map((d) => d.open_marks)).toEqual([openOnStoryboard, 0]);
    const work = (await call(t, contract.workflow.pages, chapter, p.founder.token)).body.data;
    expect(work.open_marks).toBe(openOnStep + openOnStoryboard);
  });

  it('does not stop the reviewer: the step passes over open marks, which stay open', async () => {
    const before = (await pageSteps(t, p, pageId)).steps[0]?.open_marks ?? 0;
    expect(before).toBeGreaterThan(0);
    const res = await call(
      t,
      contract.workflow.pass,
      { projectId: p.projectId, workflowStepId: stepId },
      p.founder.token,
    );
    expect(res.http).toBe(200);
    expect((await pageSteps(t, p, pageId)).steps[0]?.open_marks).toBe(before);
  });
});

describe('a 校了 chapter', () => {
  it('refuses every change of its marks with 409 chapterLocked: no notice, no live event, and its marks are no to-do', async () => {
    const open = await add(p.founder);
    const resolved = await add(p.founder);
    await move('resolve', p.artist, resolved.id, 'open');
    const list = async () =>
      (await call(t, contract.marks.list, { projectId: p.projectId, pageId }, p.founder.token)).body.data;
    const waiting = (await list()).marks.filter((m) => m.state === 'open' && m.step_id !== null).length;
    expect(waiting).toBeGreaterThan(0);
    expect((await todos(p.artist, TodoType.MARKS_OPEN)).cnt).toBe(waiting);
    // The final audit passing is the work flow's (chapter-audit.service.ts); here only its outcome matters.
    const db = t.app.deps.db;
    await db.update(chapters).set({ status: ChapterStatus.FINISHED }).where(eq(chapters.id, p.chapterId));
    try {
      const before = await list();
      const noticesBefore = await noticesOf(p.artist, NoticeKind.MARK_ADDED);
      const ref = (markId: number) => ({ projectId: p.projectId, markId });
      const refused: [string, () => Promise<{ http: number; body: { info: string } }>][] = [
        [
          'add',
          () =>
            callUnchecked(
              t,
              contract.marks.add,
              { projectId: p.projectId, pageId, revisionId: pencils, shape: RECT, comment: '追加' },
              p.founder.token,
            ),
        ],
        [
          'reply',
          () => callUnchecked(t, contract.marks.reply, { ...ref(open.id), content: 'はい' }, p.artist.token),
        ],
        ['resolve', () => move('resolve', p.artist, open.id, 'open')],
        ['confirm', () => move('confirm', p.founder, resolved.id, 'resolved')],
        ['reopen', () => move('reopen', p.founder, resolved.id, 'resolved')],
        ['remove', () => callUnchecked(t, contract.marks.remove, ref(open.id), p.founder.token)],
      ];
      for (const [name, run] of refused) {
        const heard = await marksEventsDuring(p.artist, async () => {
          const res = await run();
          expect([res.http, res.body.info], name).toEqual([409, MESSAGES.ja.chapterLocked]);
        });
        expect(heard, name).toEqual([]);
      }
      expect(await list()).toEqual(before);
      expect(await noticesOf(p.artist, NoticeKind.MARK_ADDED)).toEqual(noticesBefore);
      expect((await todos(p.artist, TodoType.MARKS_OPEN)).cnt).toBe(0);
      expect((await todos(p.founder, TodoType.MARKS_TO_CONFIRM)).cnt).toBe(0);
      // The viewer offers no tool there.
      const one = await call(
        t,
        contract.marks.list,
        { projectId: p.projectId, pageId, revisionId: pencils },
        p.founder.token,
      );
      expect(one.body.data.may).toEqual({ judge: false, resolve: false });
      expect(one.body.data.locked).toBe(true);
    } finally {
      await db
        .update(chapters)
        .set({ status: ChapterStatus.IN_PRODUCTION })
        .where(eq(chapters.id, p.chapterId));
    }
  });
});
