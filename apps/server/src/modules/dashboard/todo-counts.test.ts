import { TodoType } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import { call } from '../../test/api.js';
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
import { workflowSteps } from '../workflow/workflow.table.js';

/**
 * A tile's number is what its dialog lists, in the unit its title names (issue 30): three pages
 * of one chapter handed in are three steps to approve, each row with the step's own due day; the
 * marks to confirm are counted as marks, however many pages they are on.
 */
let t: TestApp;
let p: Production;
let steps: number[];

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 3);
  await standardPlan(t, p);
  steps = [];
  for (const pageId of p.pageIds) steps.push((await pageSteps(t, p, pageId)).steps[0]?.step_id as number);
}, 60_000);
afterAll(() => t.close());

async function todos(who: Person, type: number) {
  const counts = (await call(t, contract.dashboard.todoCounts, undefined, who.token)).body.data.list;
  const list = (await call(t, contract.dashboard.todoList, { type, pageSize: 50 }, who.token)).body.data;
  return { tile: counts.find((c) => c.type === type)?.cnt ?? 0, ...list };
}

describe('page work to-dos', () => {
  it('list one row a waiting step, as many as the tile says', async () => {
    const working = await todos(p.artist, TodoType.PAGE_IN_PROGRESS);
    expect(working.tile).toBe(3);
    expect(working.cnt).toBe(3);
    expect(working.list.map((r) => r.step?.page_num)).toEqual([1, 2, 3]);
    // Paged by two, the last page and one past it still say how many there are in all.
    for (const [page, rows] of [
      [2, [3]],
      [3, []],
    ] as const) {
      const paged = (
        await call(
          t,
          contract.dashboard.todoList,
          { type: TodoType.PAGE_IN_PROGRESS, page, pageSize: 2 },
          p.artist.token,
        )
      ).body.data;
      expect(paged.list.map((r) => r.step?.page_num)).toEqual(rows);
      expect([paged.total, paged.cnt]).toEqual([3, 3]);
    }
    for (const stepId of steps) {
      await act(t, p, p.artist, 'actionStart', stepId);
      await act(t, p, p.artist, 'actionCommit', stepId, { filePath: await pageFile(t, p.artist) });
    }
    const approval = await todos(p.founder, TodoType.WORK_APPROVAL);
    expect(approval.tile).toBe(3);
    expect(approval.list).toHaveLength(3);
    expect(approval.total).toBe(3);
    expect(approval.cnt).toBe(3);
    expect(new Set(approval.list.map((r) => r.step?.step_id))).toEqual(new Set(steps));
    expect((await todos(p.artist, TodoType.PAGE_IN_PROGRESS)).tile).toBe(0);
  });

  it('show the step’s own due day and the time left until it, not until the chapter’s 校了', async () => {
    const [late, soon] = steps as [number, number];
    const yesterday = addDays(tokyoDay(), -1);
    const inFiveDays = addDays(tokyoDay(), 5);
    await t.app.deps.db.update(workflowSteps).set({ dueOn: yesterday }).where(eq(workflowSteps.id, late));
    await t.app.deps.db.update(workflowSteps).set({ dueOn: inFiveDays }).where(eq(workflowSteps.id, soon));
    const { list } = await todos(p.founder, TodoType.WORK_APPROVAL);
    const row = (stepId: number) => list.find((r) => r.step?.step_id === stepId);
    expect(row(late)?.step?.due_on).toBe(yesterday);
    expect(row(late)?.time_left).toMatch(/^超過 /);
    expect(row(soon)?.step?.due_on).toBe(inFiveDays);
    expect(row(soon)?.time_left).toMatch(/^5日/);
    // The nearest due day first.
    expect(list[0]?.step?.step_id).toBe(late);
    expect(row(late)?.step?.task).toBeTruthy();
  });
});

describe('mark to-dos', () => {
  const RECT = { type: 'rect', x: 10, y: 10, w: 40, h: 30 } as const;

  it('count marks, not pages: the tile, the list’s count and the rows’ sum agree', async () => {
    await t.settleJobs();
    const viewer = await call(
      t,
      contract.workflow.viewer,
      { projectId: p.projectId, chapterId: p.chapterId },
      p.founder.token,
    );
    const marks: number[] = [];
    // Two marks on page 1, one on page 2.
    for (const [i, count] of [
      [0, 2],
      [1, 1],
    ] as const) {
      const page = viewer.body.data.pages[i];
      const revisionId = page?.revisions.find((r) => r.kind === 'step')?.id as number;
      for (let n = 0; n < count; n++) {
        const body = {
          projectId: p.projectId,
          pageId: page?.id as number,
          revisionId,
          shape: RECT,
          comment: '直し',
        };
        marks.push((await call(t, contract.marks.add, body, p.founder.token)).body.data.id);
      }
    }
    const open = await todos(p.artist, TodoType.MARKS_OPEN);
    expect(open.tile).toBe(3);
    expect(open.cnt).toBe(3);
    expect(open.total).toBe(2);
    expect(open.list.reduce((sum, r) => sum + (r.marks?.count ?? 0), 0)).toBe(3);
    for (const markId of marks)
      await call(
        t,
        contract.marks.resolve,
        { projectId: p.projectId, markId, state: 'open' },
        p.artist.token,
      );
    const confirm = await todos(p.founder, TodoType.MARKS_TO_CONFIRM);
    expect(confirm.tile).toBe(3);
    expect(confirm.cnt).toBe(3);
    expect(confirm.list.map((r) => r.marks?.count)).toEqual([2, 1]);
  });
});

describe('mark counts', () => {
  it('agree between the storyboard card, the viewer and the step history', async () => {
    const viewer = await call(
      t,
      contract.workflow.viewer,
      { projectId: p.projectId, chapterId: p.chapterId },
      p.founder.token,
    );
    const page3 = viewer.body.data.pages[2];
    const storyboard = page3?.revisions.find((r) => r.kind === 'script')?.id as number;
    const at = { projectId: p.projectId, pageId: page3?.id as number, revisionId: storyboard };
    const RECT = { type: 'rect', x: 10, y: 10, w: 40, h: 30 } as const;
    for (let n = 0; n < 2; n++)
      await call(t, contract.marks.add, { ...at, shape: RECT, comment: '台詞' }, p.editor.token);
    const listed = (await call(t, contract.marks.list, at, p.founder.token)).body.data.counts;
    expect(listed).toEqual({ open: 2, resolved: 0, confirmed: 0 });
    const pages = (
      await call(t, contract.pages.list, { projectId: p.projectId, chapterId: p.chapterId }, p.founder.token)
    ).body.data.list;
    expect(pages[2]?.marks).toEqual(listed);
    // Page 1's step revision: the two marks the assistant resolved, in the viewer and the history alike.
    const page1 = viewer.body.data.pages[0];
    const step = page1?.revisions.find((r) => r.kind === 'step')?.id as number;
    const onStep = (
      await call(
        t,
        contract.marks.list,
        { projectId: p.projectId, pageId: page1?.id as number, revisionId: step },
        p.founder.token,
      )
    ).body.data.counts;
    expect(onStep).toEqual({ open: 0, resolved: 2, confirmed: 0 });
    const history = (
      await call(
        t,
        contract.workflow.history,
        { projectId: p.projectId, workflowStepId: steps[0] as number },
        p.founder.token,
      )
    ).body.data.list;
    expect(history.find((e) => e.kind === 'commit')?.marks).toEqual(onStep);
  });
});
