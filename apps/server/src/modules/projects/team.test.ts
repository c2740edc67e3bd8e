import { MESSAGES, NoticeKind, ProjectEventKind, StepStatus } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from '../../test/api.js';
import { type Person, person } from '../../test/people-fixtures.js';
import { join, recruit } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  act,
  approvedChapter,
  finishStep,
  type Production,
  pageFile,
  pageSteps,
  savePlan,
} from '../../test/workflow-test-helpers.js';
import { notices } from '../notices/notices.table.js';
import { memberIds } from './projects.policy.js';

/**
 * Handing work over and ending a membership (docs/access.md, "Leaving a project"). The chapter's
 * two pages: page 1 pencils by the artist (approved), then backgrounds by the assistant (started);
 * page 2 backgrounds by the assistant (not started). `helper` holds backgrounds too.
 */
const ja = MESSAGES.ja;
let t: TestApp;
let p: Production;
let helper: Person;
let startedStep: number;
let waitingStep: number;
let doneStep: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 2);
  helper = await person(t, 'creator', { positions: [5] });
  // The team's recruitment ends; a second one brings in another background artist.
  await call(t, contract.recruitment.cancel, { projectId: p.projectId, kind: 1 }, p.founder.token);
  await recruit(t, p.founder, p.projectId, [5]);
  await join(t, p.founder, helper, p.projectId, 5);
  const [page1, page2] = p.pageIds as [number, number];
  const planned = await savePlan(t, p, [
    {
      pageId: page1,
      steps: [
        { posId: 2, ownerUserId: p.artist.id },
        { posId: 5, ownerUserId: p.assistant.id },
      ],
    },
    { pageId: page2, steps: [{ posId: 5, ownerUserId: p.assistant.id }] },
  ]);
  expect(planned.http).toBe(200);
  const [pencils, backgrounds] = (await pageSteps(t, p, page1)).steps;
  doneStep = pencils?.step_id ?? 0;
  startedStep = backgrounds?.step_id ?? 0;
  waitingStep = (await pageSteps(t, p, page2)).steps[0]?.step_id ?? 0;
  await finishStep(t, p, p.artist, doneStep);
  expect((await act(t, p, p.assistant, 'actionStart', startedStep)).http).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const memberWork = (who: Person, userId: number) =>
  call(t, contract.projects.memberWork, { projectId: p.projectId, userId }, who.token);
const handOver = (stepId: number, toUserId: number, who: Person = p.founder) =>
  callUnchecked(
    t,
    contract.workflow.handOver,
    { projectId: p.projectId, chapterId: p.chapterId, stepId, toUserId },
    who.token,
  );
const remove = (userId: number, who: Person = p.founder) =>
  call(t, contract.projects.removeMember, { projectId: p.projectId, userId }, who.token);

async function readersOf(kind: NoticeKind): Promise<number[]> {
  const rows = await t.app.deps.db
    .select({ userId: notices.userId })
    .from(notices)
    .where(and(eq(notices.kind, kind), eq(notices.targetProjectId, p.projectId)));
  return rows.map((r) => r.userId);
}

describe("a member's open work", () => {
  it('lists the steps not approved, each with who may take it, for the founder and the member', async () => {
    const res = await memberWork(p.founder, p.assistant.id);
    expect(res.http).toBe(200);
    expect(res.body.data.steps.map((s) => [s.step_id, s.page_num, s.status])).toEqual([
      [startedStep, 1, StepStatus.IN_PROGRESS],
      [waitingStep, 2, StepStatus.NOT_STARTED],
    ]);
    // The founder takes any step; the other background artist too; never the leaver.
    expect(res.body.data.steps[0]?.candidates.map((c) => c.id).sort()).toEqual(
      [p.founder.id, helper.id].sort(),
    );
    expect((await memberWork(p.assistant, p.assistant.id)).http).toBe(200);
    expect((await memberWork(p.artist, p.assistant.id)).http).toBe(403);
  });

  it('keeps a member with open work in the project: removal and leaving are refused, nothing changes', async () => {
    expect(await remove(p.assistant.id)).toMatchObject({ http: 409, body: { info: ja.memberHasOpenSteps } });
    const left = await call(t, contract.projects.leave, { projectId: p.projectId }, p.assistant.token);
    expect(left.http).toBe(409);
    expect(await memberIds(t.app.deps.db, p.projectId)).toContain(p.assistant.id);
  });
});

describe("changing a member's part", () => {
  const change = (userId: number, from: object, to: object, who: Person = p.founder) =>
    callUnchecked(t, contract.projects.changeMember, { projectId: p.projectId, userId, from, to }, who.token);
  const wholeProject = { posId: 5, chapterId: null };

  it('refuses a change that would leave open steps uncovered, and changes nothing', async () => {
    const inks = { posId: 6, chapterId: null };
    expect(await change(p.assistant.id, wholeProject, inks)).toMatchObject({
      http: 409,
      body: { info: ja.memberPositionOpenSteps },
    });
    expect((await change(p.assistant.id, inks, wholeProject)).http).toBe(404);
    expect((await change(p.assistant.id, wholeProject, { posId: 5, chapterId: 999_999 })).http).toBe(400);
    expect((await change(p.assistant.id, wholeProject, { posId: 6, chapterId: null }, p.artist)).http).toBe(
      403,
    );
    expect(await readersOf(NoticeKind.MEMBER_CHANGED)).toEqual([]);
  });

  it('narrows a part to the chapter the open steps are in, and back; the member is told each time', async () => {
    const oneChapter = { posId: 5, chapterId: p.chapterId };
    expect((await change(p.assistant.id, wholeProject, oneChapter)).http).toBe(200);
    // The assistant still works the chapter's steps, and holds the part for that chapter only.
    expect((await memberWork(p.assistant, p.assistant.id)).body.data.steps).toHaveLength(2);
    expect((await change(p.assistant.id, wholeProject, oneChapter)).http).toBe(404);
    expect((await change(p.assistant.id, oneChapter, wholeProject)).http).toBe(200);
    expect(await readersOf(NoticeKind.MEMBER_CHANGED)).toEqual([p.assistant.id, p.assistant.id]);
    const told = await call(t, contract.notices.list, { page: 1, pageSize: 5 }, p.assistant.token);
    const texts = told.body.data.notices.map((n) => n.message);
    expect(texts[0]).toContain('背景デザイン（プロジェクト全体）に変更しました');
    expect(texts[1]).toContain('背景デザイン（');
    const events = await call(t, contract.projects.events, { projectId: p.projectId }, p.artist.token);
    expect(events.body.data.list.slice(0, 2).map((e) => [e.kind, e.subject?.id, e.chapter_title])).toEqual([
      [ProjectEventKind.MEMBER_CHANGED, p.assistant.id, null],
      [ProjectEventKind.MEMBER_CHANGED, p.assistant.id, expect.any(String)],
    ]);
  });
});

describe('handing a step over', () => {
  it('refuses an approved step, the same owner and someone who may not take the position', async () => {
    expect((await handOver(doneStep, p.founder.id)).http).toBe(409);
    expect((await handOver(startedStep, p.assistant.id)).http).toBe(400);
    // The artist holds pencils, not backgrounds.
    expect((await handOver(startedStep, p.artist.id)).http).toBe(400);
    expect((await handOver(startedStep, helper.id, p.artist)).http).toBe(403);
  });

  it('gives a started step to the other background artist: its state stays, and they are told', async () => {
    expect((await handOver(startedStep, helper.id)).http).toBe(200);
    const [, backgrounds] = (await pageSteps(t, p, p.pageIds[0] as number)).steps;
    expect(backgrounds).toMatchObject({ owner_user_id: helper.id, status: StepStatus.IN_PROGRESS });
    expect(await readersOf(NoticeKind.STEP_HANDED_OVER)).toEqual([helper.id]);
    // The new owner carries on: they hand in the started step.
    const next = await act(t, p, helper, 'actionCommit', startedStep, {
      filePath: await pageFile(t, helper),
    });
    expect(next.http).toBe(200);
  });

  it('gives a step not started to the founder, who is not told of their own hand-over', async () => {
    expect((await handOver(waitingStep, p.founder.id)).http).toBe(200);
    expect(await readersOf(NoticeKind.STEP_HANDED_OVER)).toEqual([helper.id]);
  });
});

describe('removing a member and leaving', () => {
  it('removes the member once nothing is open: access ends at once, they are told, their history stays', async () => {
    expect((await memberWork(p.founder, p.assistant.id)).body.data.steps).toEqual([]);
    expect(await remove(p.assistant.id)).toMatchObject({ http: 200 });
    expect(await memberIds(t.app.deps.db, p.projectId)).not.toContain(p.assistant.id);
    const screen = await call(
      t,
      contract.workflow.pages,
      { projectId: p.projectId, chapterId: p.chapterId },
      p.assistant.token,
    );
    expect(screen.http).toBe(404);
    expect(await readersOf(NoticeKind.MEMBER_REMOVED)).toEqual([p.assistant.id]);
    // A removed member cannot be given a step by a plan either.
    const plan = await savePlan(t, p, [
      {
        pageId: p.pageIds[1] as number,
        steps: [{ stepId: waitingStep, posId: 5, ownerUserId: p.assistant.id }],
      },
    ]);
    expect(plan.http).toBe(400);
    expect((await remove(p.assistant.id)).http).toBe(404);
  });

  it('lets a member leave, tells the founder, and never lets the founder leave or be removed', async () => {
    const gone = await call(t, contract.projects.leave, { projectId: p.projectId }, p.editor.token);
    expect(gone.http).toBe(200);
    expect(await readersOf(NoticeKind.MEMBER_LEFT)).toEqual([p.founder.id]);
    expect((await call(t, contract.projects.leave, { projectId: p.projectId }, p.founder.token)).http).toBe(
      400,
    );
    expect((await remove(p.founder.id)).http).toBe(400);
  });

  it("records every change in the project's activity, newest first, for the members to read", async () => {
    const res = await call(t, contract.projects.events, { projectId: p.projectId }, p.artist.token);
    expect(res.http).toBe(200);
    const list = res.body.data.list.map((e) => [
      e.kind,
      e.actor.id,
      e.subject?.id ?? null,
      e.recipient?.id ?? null,
    ]);
    expect(list.slice(0, 4)).toEqual([
      [ProjectEventKind.MEMBER_LEFT, p.editor.id, null, null],
      [ProjectEventKind.MEMBER_REMOVED, p.founder.id, p.assistant.id, null],
      [ProjectEventKind.STEP_HANDED_OVER, p.founder.id, p.assistant.id, p.founder.id],
      [ProjectEventKind.STEP_HANDED_OVER, p.founder.id, p.assistant.id, helper.id],
    ]);
    expect(res.body.data.list[3]).toMatchObject({ step: { page_num: 1 }, position: '背景デザイン' });
    // The people who joined are there too, from the start.
    expect(
      res.body.data.list.filter((e) => e.kind === ProjectEventKind.MEMBER_JOINED).length,
    ).toBeGreaterThanOrEqual(3);
    const removed = await call(t, contract.projects.events, { projectId: p.projectId }, p.assistant.token);
    expect(removed.http).toBe(404);
  });
});
