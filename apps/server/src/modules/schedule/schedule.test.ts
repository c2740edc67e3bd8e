import { MESSAGES, POSITIONS, referenceName, StepStatus } from '@koma/shared';
import { contract } from '@koma/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDay } from '../../lib/calendar.js';
import { call, callUnchecked } from '../../test/api.js';
import type { Person } from '../../test/people-fixtures.js';
import { dayFromToday } from '../../test/project-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  approvedChapter,
  chapterCall,
  finishAllPages,
  finishStep,
  type Production,
  pageSteps,
  savePlan,
  standardPlan,
} from '../../test/workflow-test-helpers.js';
import { forecastFor, throughputFor } from './forecasts.js';
import { createScheduleService } from './schedule.service.js';

/** Due days, the buffer, reminders and the forecast, through the calls a user makes (docs/schedule.md). */
const ja = MESSAGES.ja;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A team of two pages, each with pencils (artist) then backgrounds (assistant); check in 30 days. */
async function planned(): Promise<Production> {
  const p = await approvedChapter(t, 2);
  await standardPlan(t, p);
  return p;
}

async function schedule(p: Production, who: Person = p.founder) {
  const res = await call(
    t,
    contract.schedule.chapter,
    { projectId: p.projectId, chapterId: p.chapterId },
    who.token,
  );
  if (res.http !== 200) throw new Error(`no schedule: ${res.body.info}`);
  return res.body.data;
}

/** Each page's steps as [due day, by hand, overdue]. */
async function dueDays(p: Production) {
  return (await schedule(p)).pages.map((page) => page.steps.map((s) => [s.due_on, s.due_by_hand, s.overdue]));
}

const moveDue = (p: Production, stepId: number, dueOn: string, who: Person = p.founder) =>
  callUnchecked(
    t,
    contract.schedule.moveDue,
    { projectId: p.projectId, chapterId: p.chapterId, stepId, dueOn },
    who.token,
  );

const saveBuffer = (p: Production, bufferDays: unknown, who: Person = p.founder) =>
  callUnchecked(
    t,
    contract.schedule.saveBuffer,
    // Bad input on purpose, of any JSON type: the contract's own type would forbid it.
    { projectId: p.projectId, chapterId: p.chapterId, bufferDays: bufferDays as number },
    who.token,
  );

async function stepIds(p: Production): Promise<number[][]> {
  return (await schedule(p)).pages.map((page) => page.steps.map((s) => s.step_id));
}

async function noticesOf(who: Person): Promise<string[]> {
  const res = await call(t, contract.notices.list, {}, who.token);
  return res.body.data.notices.map((n) => n.message);
}

describe('due days', () => {
  it('are planned back from the check deadline when the flow is saved: the last step the buffer before it', async () => {
    const p = await planned();
    // 30 days less the 2-day buffer: 28 days over chains of two steps, 14 days a step.
    const plannedDays = [dayFromToday(14), false, false];
    const lastDays = [dayFromToday(28), false, false];
    expect(await dueDays(p)).toEqual([
      [plannedDays, lastDays],
      [plannedDays, lastDays],
    ]);
    const data = await schedule(p);
    expect(data).toMatchObject({
      buffer_days: 2,
      check_at: dayFromToday(30),
      today: tokyoDay(),
      editable: true,
    });
    expect((await schedule(p, p.assistant)).editable).toBe(false);
  });

  it('moved by the founder stay when the flow is saved again; the others are planned again', async () => {
    const p = await planned();
    const [[first, second] = []] = await stepIds(p);
    const moved = await moveDue(p, first as number, dayFromToday(20));
    expect(moved).toMatchObject({ http: 200, body: { info: ja.dueMoved } });
    const resaved = await savePlan(
      t,
      p,
      p.pageIds.map((pageId, i) => ({
        pageId,
        steps: [
          { stepId: i === 0 ? first : undefined, posId: 2, ownerUserId: p.artist.id },
          { stepId: i === 0 ? second : undefined, posId: 5, ownerUserId: p.assistant.id },
        ],
      })),
    );
    expect(resaved.http).toBe(200);
    expect(await dueDays(p)).toEqual([
      [
        [dayFromToday(20), true, false],
        [dayFromToday(28), false, false],
      ],
      [
        [dayFromToday(14), false, false],
        [dayFromToday(28), false, false],
      ],
    ]);
  });

  it('are moved by the founder and the editorial side only, to a real day, and only for a step of that chapter', async () => {
    const p = await planned();
    const [[first] = []] = await stepIds(p);
    const before = await dueDays(p);
    expect(await moveDue(p, first as number, dayFromToday(3), p.artist)).toMatchObject({ http: 403 });
    expect(await moveDue(p, first as number, dayFromToday(3), p.stranger)).toMatchObject({ http: 404 });
    expect(await moveDue(p, first as number, '2026-02-30')).toMatchObject({
      http: 400,
      body: { info: ja.dueDayInvalid },
    });
    const other = await planned();
    const [[foreign] = []] = await stepIds(other);
    expect(await moveDue(p, foreign as number, dayFromToday(3))).toMatchObject({ http: 404 });
    expect(await dueDays(p)).toEqual(before);
    // The editor in charge owns the magazine's schedule too (issue 40, docs/access.md "Editorial seats").
    expect(await moveDue(p, first as number, dayFromToday(3), p.editor)).toMatchObject({ http: 200 });
    expect((await dueDays(p))[0]?.[0]?.[0]).toBe(dayFromToday(3));
  });

  it('past their day mark the step overdue on the schedule, the work list and the page dialog', async () => {
    const p = await planned();
    const [[first] = []] = await stepIds(p);
    const yesterday = dayFromToday(-1);
    expect((await moveDue(p, first as number, yesterday)).http).toBe(200);
    expect((await dueDays(p))[0]?.[0]).toEqual([yesterday, true, true]);
    const list = await call(
      t,
      contract.workflow.pages,
      { projectId: p.projectId, chapterId: p.chapterId },
      p.assistant.token,
    );
    expect(list.body.data.pages.map((page) => [page.due_on, page.overdue])).toEqual([
      [yesterday, true],
      [dayFromToday(14), false],
    ]);
    const dialog = await pageSteps(t, p, p.pageIds[0] as number, p.artist);
    expect(dialog.steps.map((s) => [s.due_on, s.overdue])).toEqual([
      [yesterday, true],
      [dayFromToday(28), false],
    ]);
  });

  it('follow a new buffer, which the founder and the editorial side set, within 0 to 30 days', async () => {
    const p = await planned();
    expect(await saveBuffer(p, 6)).toMatchObject({ http: 200, body: { info: ja.bufferSaved } });
    // 30 less 6: 24 days over two steps.
    expect((await dueDays(p))[0]).toEqual([
      [dayFromToday(12), false, false],
      [dayFromToday(24), false, false],
    ]);
    // Not a number at all is refused too, never read as 0 or 1 (issue 30).
    for (const bad of [31, -1, 'two', 2.5, null, '', ' ', true, false, [], {}, '1e1'])
      expect(await saveBuffer(p, bad)).toMatchObject({ http: 400, body: { info: ja.bufferDaysInvalid } });
    expect(await saveBuffer(p, 3, p.artist)).toMatchObject({ http: 403 });
    expect((await schedule(p)).buffer_days).toBe(6);
  });

  it('follow a buffer the founder set before the flow was saved; a finished chapter keeps its days', async () => {
    const p = await approvedChapter(t, 1);
    expect((await schedule(p)).editable).toBe(true);
    expect(await saveBuffer(p, 6)).toMatchObject({ http: 200, body: { info: ja.bufferSaved } });
    expect((await schedule(p)).pages).toEqual([]);
    await standardPlan(t, p);
    // 30 less the 6 set before: 24 days over two steps.
    expect((await dueDays(p))[0]).toEqual([
      [dayFromToday(12), false, false],
      [dayFromToday(24), false, false],
    ]);

    await finishAllPages(t, p);
    await chapterCall(t, p, p.founder, 'actionCommit');
    expect((await chapterCall(t, p, p.editor, 'actionAuditPass')).http).toBe(200);
    expect((await schedule(p)).editable).toBe(false);
    const locked = { http: 409, body: { info: ja.chapterLocked } };
    expect(await saveBuffer(p, 3)).toMatchObject(locked);
    const [[first] = []] = await stepIds(p);
    expect(await moveDue(p, first as number, dayFromToday(5))).toMatchObject(locked);
    expect((await schedule(p)).buffer_days).toBe(6);
    expect((await dueDays(p))[0]?.[0]).toEqual([dayFromToday(12), false, false]);
  });

  it('follow the check deadline when the founder moves it', async () => {
    const p = await planned();
    const ref = { projectId: p.projectId, chapterId: p.chapterId };
    const chapter = (await call(t, contract.chapters.detail, ref, p.founder.token)).body.data;
    const res = await call(
      t,
      contract.chapters.update,
      {
        ...ref,
        title: chapter.title,
        icon: chapter.icon,
        scriptAt: dayFromToday(7),
        checkAt: dayFromToday(20),
      },
      p.founder.token,
    );
    expect(res.http).toBe(200);
    expect((await dueDays(p))[0]).toEqual([
      [dayFromToday(9), false, false],
      [dayFromToday(18), false, false],
    ]);
  });
});

describe('reminders', () => {
  it('tell the assignee two days before the due day and on it, once each', async () => {
    const p = await planned();
    const [[first] = [], [secondPageFirst] = []] = await stepIds(p);
    await moveDue(p, first as number, dayFromToday(2));
    await moveDue(p, secondPageFirst as number, tokyoDay());
    const service = createScheduleService(t.app.deps);
    const tenInTokyo = new Date(`${tokyoDay()}T10:00:00+09:00`);
    await service.hourly(tenInTokyo);
    await service.hourly(tenInTokyo);
    const pencils = referenceName(POSITIONS, 2, 'ja');
    const reminders = (await noticesOf(p.artist)).filter((m) => m.includes('期日'));
    expect(reminders.sort()).toEqual(
      [
        expect.stringContaining(`1ページの${pencils}は${dayFromToday(2)}が期日です（あと2日）`),
        expect.stringContaining(`2ページの${pencils}は今日が期日です`),
      ].sort(),
    );
    expect(reminders).toHaveLength(2);
    expect((await noticesOf(p.assistant)).filter((m) => m.includes('期日'))).toEqual([]);
  });

  it('wait for the morning in Tokyo', async () => {
    const p = await planned();
    const [[first] = []] = await stepIds(p);
    await moveDue(p, first as number, tokyoDay());
    await createScheduleService(t.app.deps).hourly(new Date(`${tokyoDay()}T03:00:00+09:00`));
    expect((await noticesOf(p.artist)).filter((m) => m.includes('期日'))).toEqual([]);
  });
});

describe('the forecast', () => {
  it('says on track with who finishes last and why, on the schedule, the work screen, the chapter list and the dashboard', async () => {
    const p = await planned();
    // A new team, on the default paces (docs/schedule.md, "Pace"): メイン作画 3 pages a day,
    // 背景デザイン 2. Pencils of both pages today, backgrounds tomorrow. At 1.5 times the paces
    // the same; at a 1.5th, the backgrounds take 0.75 of a day a page: one tomorrow, one the day after.
    const backgrounds = referenceName(POSITIONS, 5, 'ja');
    const expected = {
      status: 'on_track',
      status_text: '順調',
      overdue_count: 0,
      finish_on: dayFromToday(1),
      finish_earliest: dayFromToday(1),
      finish_latest: dayFromToday(2),
      confident: false,
      days_past_deadline: -29,
      reason: `${p.assistant.nickname}さんの${backgrounds}：残り2ページ、1日2ページ（実績が少ないため目安）のペースで締め切りの29日前に終わる見込み`,
    };
    expect((await schedule(p)).forecast).toEqual(expected);
    const work = await call(
      t,
      contract.workflow.pages,
      { projectId: p.projectId, chapterId: p.chapterId },
      p.artist.token,
    );
    expect(work.body.data.forecast).toEqual(expected);
    const list = await call(t, contract.chapters.list, { projectId: p.projectId }, p.editor.token);
    expect(list.body.data.list[0]?.forecast).toEqual(expected);
    const home = await call(t, contract.dashboard.home, undefined, p.assistant.token);
    expect(home.body.data.forecasts).toEqual([
      expect.objectContaining({ project_id: p.projectId, chapter_id: p.chapterId, forecast: expected }),
    ]);
  });

  it('says 期日超過, never 順調 nor 遅れの恐れ, with a step past its due day and the finish in time (the issue’s chapter)', async () => {
    // Five pages, two pencils approved today (eight steps open), page 3's pencils due yesterday.
    const p = await approvedChapter(t, 5);
    await standardPlan(t, p);
    const ids = await stepIds(p);
    for (const page of ids.slice(0, 2)) await finishStep(t, p, p.artist, page[0] as number);
    const yesterday = dayFromToday(-1);
    expect((await moveDue(p, ids[2]?.[0] as number, yesterday)).http).toBe(200);
    // Two approvals on one day are no pace: the defaults stand (pencils 3 a day, backgrounds 2).
    // Today: backgrounds of pages 1–2, pencils of 3–5; tomorrow backgrounds of 3–4, then of 5.
    // At 1.5 times the paces all backgrounds are done tomorrow; at a 1.5th, on day 4.
    const pencils = referenceName(POSITIONS, 2, 'ja');
    const backgrounds = referenceName(POSITIONS, 5, 'ja');
    expect((await schedule(p)).forecast).toEqual({
      status: 'overdue',
      status_text: '期日超過1件',
      overdue_count: 1,
      finish_on: dayFromToday(2),
      finish_earliest: dayFromToday(1),
      finish_latest: dayFromToday(3),
      confident: false,
      days_past_deadline: -28,
      reason:
        `3ページの${pencils}（${p.artist.nickname}さん）が期日${yesterday.replaceAll('-', '/')}を過ぎています。` +
        `${p.assistant.nickname}さんの${backgrounds}：残り5ページ、1日2ページ（実績が少ないため目安）のペースで締め切りの28日前に終わる見込み`,
    });
  });

  it('goes at the team’s own pace per kind once it has five approvals over seven days', async () => {
    const p = await approvedChapter(t, 7);
    await standardPlan(t, p);
    const ids = await stepIds(p);
    for (const [pencil, background] of ids.slice(0, 5)) {
      await finishStep(t, p, p.artist, pencil as number);
      await finishStep(t, p, p.assistant, background as number);
    }
    // Five backgrounds, the first nine days ago (ten days): half a page a day, the team's own.
    // Five pencils, the first four days ago (five days): too short, the default 3 a day stands.
    const approvedAgo = async (positionId: number, days: number) => {
      await t.app.deps.db.execute(sql`
        update workflow_steps set updated_at = now() - make_interval(days => ${days})
        where chapter_id = ${p.chapterId} and position_id = ${positionId} and status = ${StepStatus.DONE}`);
      throughputFor(t.app.deps.db).delete(p.projectId);
      forecastFor(t.app.deps.db).delete(p.chapterId);
    };
    await approvedAgo(5, 9);
    await approvedAgo(2, 4);
    // Pencils of pages 6–7 today; each background takes two days: page 6 done the day after
    // tomorrow (begun tomorrow), page 7 two days later. (At the default 2 a day: tomorrow.)
    const backgrounds = referenceName(POSITIONS, 5, 'ja');
    expect((await schedule(p)).forecast).toMatchObject({
      status: 'on_track',
      finish_on: dayFromToday(4),
      // Only the pencils are a default, and they are done today at any of the three paces.
      finish_earliest: dayFromToday(4),
      finish_latest: dayFromToday(4),
      confident: false,
      reason: `${p.assistant.nickname}さんの${backgrounds}：残り2ページ、1日0.5ページのペースで締め切りの26日前に終わる見込み`,
    });
    // Pencils too over ten days: half a page a day, every pace the team's own: one day, no range.
    // Pencils of page 6 on day 2, of 7 on day 4; backgrounds of 6 on day 4, of 7 on day 6.
    await approvedAgo(2, 9);
    expect((await schedule(p)).forecast).toMatchObject({
      finish_on: dayFromToday(5),
      finish_earliest: dayFromToday(5),
      finish_latest: dayFromToday(5),
      confident: true,
    });
  });

  it('turning at risk is a notice to the founder and the editor in charge, once', async () => {
    const p = await planned();
    // A 30-day buffer: the last steps are due today, the finish (tomorrow) falls inside the buffer.
    expect((await saveBuffer(p, 30)).http).toBe(200);
    const data = await schedule(p);
    expect(data.forecast).toMatchObject({ status: 'at_risk', status_text: '遅れの恐れ', overdue_count: 0 });
    expect(data.forecast?.reason).toMatch(/締め切りの\d+日前に終わる見込み（予備日に入ります）$/);
    expect(data.pages[0]?.steps.map((s) => s.due_on)).toEqual([tokyoDay(), tokyoDay()]);
    await saveBuffer(p, 30);
    await createScheduleService(t.app.deps).hourly(new Date(`${tokyoDay()}T03:00:00+09:00`));
    const told = (who: Person) => noticesOf(who).then((list) => list.filter((m) => m.includes('進行予測')));
    for (const lead of [p.founder, p.editor])
      expect(await told(lead)).toEqual([expect.stringContaining('の進行予測が「遅れの恐れ」になりました')]);
    for (const worker of [p.artist, p.assistant]) expect(await told(worker)).toEqual([]);
  });

  it('is none before production, and nobody outside the project sees the schedule', async () => {
    const p = await approvedChapter(t, 1);
    const list = await call(t, contract.chapters.list, { projectId: p.projectId }, p.founder.token);
    expect(list.body.data.list[0]?.forecast).toBeNull();
    const res = await callUnchecked(
      t,
      contract.schedule.chapter,
      { projectId: p.projectId, chapterId: p.chapterId },
      p.stranger.token,
    );
    expect(res.http).toBe(404);
  });
});
