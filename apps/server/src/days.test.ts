import { ApiStatus, LIMITS, MESSAGES } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callUnchecked } from './test/api.js';
import { addChapter, chapterBody } from './test/chapter-fixtures.js';
import { recruitBody } from './test/project-fixtures.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { approvedChapter, type Production, standardPlan } from './test/workflow-test-helpers.js';

/**
 * Every day the API takes is a real `YYYY-MM-DD` day from LIMITS.dayMin to LIMITS.dayMax
 * (docs/api-conventions.md, "Days"): anything else is a 400 naming the field, never a 500 from the
 * database, and changes nothing.
 */
const ja = MESSAGES.ja;
let t: TestApp;
let p: Production;

beforeAll(async () => {
  t = await createTestApp();
  p = await approvedChapter(t, 1);
  await standardPlan(t, p);
});
afterAll(async () => {
  await t?.close();
});

/** Days no schema may let through: out of range, not existing, not a day at all. */
const BAD_DAYS: unknown[] = [
  '0000-01-01',
  '1999-12-31',
  '2101-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '20260-01-01',
  '2026-1-1',
  '2026-01-01T00:00:00Z',
  'tomorrow',
  20260101,
  null,
];

async function firstStep() {
  const res = await call(
    t,
    contract.schedule.chapter,
    { projectId: p.projectId, chapterId: p.chapterId },
    p.founder.token,
  );
  return res.body.data.pages[0]?.steps[0];
}

const moveDue = (dueOn: unknown, stepId: number) =>
  callUnchecked(
    t,
    contract.schedule.moveDue,
    { projectId: p.projectId, chapterId: p.chapterId, stepId, dueOn },
    p.founder.token,
  );

function expectRefused(
  res: { http: number; body: { status: number; info: string } },
  info: string,
  what: string,
) {
  expect({ http: res.http, status: res.body.status, info: res.body.info }, what).toEqual({
    http: 400,
    status: ApiStatus.BAD_INPUT,
    info,
  });
}

describe('a step due day moved (schedule/moveDue)', () => {
  it('is refused out of range or malformed, and stays as it was', async () => {
    const step = await firstStep();
    if (!step) throw new Error('no step');
    for (const dueOn of BAD_DAYS)
      expectRefused(await moveDue(dueOn, step.step_id), ja.dueDayInvalid, String(dueOn));
    expect(await firstStep()).toEqual(step);
  });

  it('is taken on the first and the last day of the range', async () => {
    const step = await firstStep();
    if (!step) throw new Error('no step');
    for (const dueOn of [LIMITS.dayMin, LIMITS.dayMax]) {
      expect((await moveDue(dueOn, step.step_id)).http, dueOn).toBe(200);
      expect((await firstStep())?.due_on).toBe(dueOn);
    }
  });
});

describe("a chapter's deadlines (chapter/add, chapter/update)", () => {
  it('are refused out of range or malformed, naming the deadline', async () => {
    const base = await chapterBody(t, p.founder, p.projectId);
    const chapterId = await addChapter(t, p.founder, p.projectId, { title: '第2話' });
    const update = { ...base, chapterId };
    for (const bad of BAD_DAYS) {
      const what = String(bad);
      for (const endpoint of [contract.chapters.add, contract.chapters.update]) {
        const body = endpoint === contract.chapters.add ? base : update;
        expectRefused(
          await callUnchecked(t, endpoint, { ...body, scriptAt: bad }, p.founder.token),
          bad === null ? ja.allRequired : ja.scriptAtInvalid,
          `${endpoint.path} scriptAt ${what}`,
        );
        expectRefused(
          await callUnchecked(t, endpoint, { ...body, checkAt: bad }, p.founder.token),
          bad === null ? ja.allRequired : ja.checkAtInvalid,
          `${endpoint.path} checkAt ${what}`,
        );
      }
    }
    const list = await call(t, contract.chapters.list, { projectId: p.projectId }, p.founder.token);
    expect(list.body.data.list.map((c) => c.title)).toEqual([expect.any(String), '第2話']);
  });

  it('are taken up to the last day of the range', async () => {
    const res = await call(
      t,
      contract.chapters.add,
      await chapterBody(t, p.founder, p.projectId, { title: '第3話', checkAt: LIMITS.dayMax }),
      p.founder.token,
    );
    expect(res.http).toBe(200);
  });
});

describe('a recruitment period (recruit/add, recruit/update)', () => {
  it('is refused out of range or malformed, naming the period', async () => {
    for (const bad of BAD_DAYS)
      for (const endpoint of [contract.recruitment.add, contract.recruitment.update])
        for (const field of ['stime', 'etime'])
          expectRefused(
            await callUnchecked(t, endpoint, { ...recruitBody(p.projectId), [field]: bad }, p.founder.token),
            bad === null ? ja.recruitDatesRequired : ja.recruitDayInvalid,
            `${endpoint.path} ${field} ${String(bad)}`,
          );
  });
});
