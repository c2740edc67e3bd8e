import { ForecastStatus } from '@koma/shared';
import { describe, expect, it } from 'vitest';
import { forecastChapter, type OpenStep } from './forecast.js';
import { throughputOf } from './forecasts.js';
import { paceOf, type Throughput } from './pace.js';

// Two people and two kinds of step (docs/schedule.md, "Pace"): the artist's メイン作画 (position
// 2, 3 pages a day by default) and the assistant's 背景アシスタント (position 6, 2 pages a day).
const ARTIST = 1;
const ASSISTANT = 2;
const PENCILS = 2;
const BACKGROUNDS = 6;
const TODAY = '2026-12-01';
const NEW_TEAM: Throughput = new Map();

/** `pages` pages, each with pencils (artist) then backgrounds (assistant), no due days. */
function chapter(pages: number): OpenStep[] {
  return Array.from({ length: pages }, (_, p) =>
    [
      { ownerId: ARTIST, positionId: PENCILS },
      { ownerId: ASSISTANT, positionId: BACKGROUNDS },
    ].map((s, sort) => ({ ...s, pageId: p + 1, sort, dueOn: null })),
  ).flat();
}

/** The chapter with due days set on some steps: [page, step index, due day]. */
function withDue(steps: OpenStep[], dues: [number, number, string][]): OpenStep[] {
  return steps.map((s) => {
    const due = dues.find(([page, sort]) => page === s.pageId && sort === s.sort);
    return due ? { ...s, dueOn: due[2] } : s;
  });
}

describe('pace per kind of step', () => {
  it('is the default of the kind while the team has no history of it', () => {
    expect(paceOf(PENCILS, NEW_TEAM)).toEqual({ perDay: 3, measured: false });
    expect(paceOf(BACKGROUNDS, NEW_TEAM)).toEqual({ perDay: 2, measured: false });
    expect(paceOf(11, NEW_TEAM)).toEqual({ perDay: 10, measured: false }); // 写植: lettering
    expect(paceOf(99, NEW_TEAM)).toEqual({ perDay: 2, measured: false }); // a kind with no default
  });

  it('stays the default for a few approvals, or for many on too few days', () => {
    // The case: five approvals on the team's first day are no pace of five a day.
    const oneBusyDay = new Map([[PENCILS, { approvals: 5, people: 1, days: 1 }]]);
    expect(paceOf(PENCILS, oneBusyDay)).toEqual({ perDay: 3, measured: false });
    const sixDays = new Map([[PENCILS, { approvals: 30, people: 1, days: 6 }]]);
    expect(paceOf(PENCILS, sixDays)).toEqual({ perDay: 3, measured: false });
    const fourApprovals = new Map([[PENCILS, { approvals: 4, people: 1, days: 28 }]]);
    expect(paceOf(PENCILS, fourApprovals)).toEqual({ perDay: 3, measured: false });
  });

  it('is the team’s own per person once it has five approvals of the kind over seven days', () => {
    const history = new Map([
      [PENCILS, { approvals: 5, people: 1, days: 7 }],
      [BACKGROUNDS, { approvals: 42, people: 2, days: 14 }],
    ]);
    expect(paceOf(PENCILS, history)).toEqual({ perDay: 5 / 7, measured: true });
    // 42 pages by two people over 14 days: 1.5 pages a day each.
    expect(paceOf(BACKGROUNDS, history)).toEqual({ perDay: 1.5, measured: true });
  });
});

describe('the team’s history per kind', () => {
  it('sums each kind’s approvals in the window, counts who approved them, and the days since its first', () => {
    const rows = [
      // Backgrounds: two people in the window, a third only before it (first approval 40 days ago).
      { positionId: BACKGROUNDS, ownerId: 7, count: 6, first: '2026-11-22T03:00:00Z' },
      { positionId: BACKGROUNDS, ownerId: 8, count: 3, first: '2026-11-25T03:00:00Z' },
      { positionId: BACKGROUNDS, ownerId: 9, count: 0, first: '2026-10-22T03:00:00Z' },
      // Pencils: first approved three days ago (Tokyo), four days with today.
      { positionId: PENCILS, ownerId: 7, count: 5, first: '2026-11-28T03:00:00Z' },
      // Lettering: nothing in the window.
      { positionId: 11, ownerId: 8, count: 0, first: '2026-10-01T03:00:00Z' },
    ];
    expect(throughputOf(rows, TODAY)).toEqual(
      new Map([
        [BACKGROUNDS, { approvals: 9, people: 2, days: 28 }],
        [PENCILS, { approvals: 5, people: 1, days: 4 }],
      ]),
    );
  });
});

describe('chapter forecast', () => {
  // A new team, six pages. The artist (3 a day) pencils pages 1–3 on day 1 and 4–6 on day 2. The
  // assistant (2 a day) may start a page the day after its pencils: pages 1–2 on day 2 (3 is
  // ready but the day is spent), 3–4 on day 3, 5–6 on day 4: finish 12-04.
  const sixPages = chapter(6);

  it('is on track when the finish falls before the buffer, as a range while the paces are defaults', () => {
    expect(forecastChapter(sixPages, NEW_TEAM, '2026-12-06', 2, TODAY)).toEqual({
      status: ForecastStatus.ON_TRACK,
      finishOn: '2026-12-04',
      // Paces ×1.5 (4.5 and 3 a day): pencils 1–4 on day 1, 5–6 day 2; backgrounds 1–3 day 2,
      // 4–6 day 3. Paces ÷1.5 (2 and 1⅓ a day, 0.75 of a day a page): pencils two a day, days
      // 1–3; backgrounds on days 2, 3, 4, 4, 5, 6.
      finishEarliest: '2026-12-03',
      finishLatest: '2026-12-06',
      confident: false,
      daysPastDeadline: -2,
      bottleneck: { ownerId: ASSISTANT, positionId: BACKGROUNDS, left: 6, perDay: 2, assumed: true },
      overdue: null,
    });
  });

  it('is at risk when the finish falls inside the buffer', () => {
    const f = forecastChapter(sixPages, NEW_TEAM, '2026-12-05', 2, TODAY);
    expect(f.status).toBe(ForecastStatus.AT_RISK);
    expect(f.daysPastDeadline).toBe(-1);
  });

  it('is late when the finish falls after the check deadline', () => {
    const f = forecastChapter(sixPages, NEW_TEAM, '2026-12-03', 2, TODAY);
    expect(f.status).toBe(ForecastStatus.LATE);
    expect(f.daysPastDeadline).toBe(1);
  });

  it('goes at the team’s own pace per kind once it has one, and is then one day, not a range', () => {
    const history = new Map([
      [PENCILS, { approvals: 42, people: 1, days: 14 }], // 3 a day
      [BACKGROUNDS, { approvals: 14, people: 2, days: 14 }], // half a page a day each
    ]);
    // Pencils of pages 1–3 on day 1, 4 on day 2. Backgrounds take two days a page: page 1 on
    // day 3 (begun on day 2), 2 on day 5, 3 on day 7, 4 on day 9.
    const f = forecastChapter(chapter(4), history, '2026-12-31', 2, TODAY);
    expect(f).toMatchObject({
      finishOn: '2026-12-09',
      finishEarliest: '2026-12-09',
      finishLatest: '2026-12-09',
      confident: true,
      bottleneck: { ownerId: ASSISTANT, positionId: BACKGROUNDS, left: 4, perDay: 0.5, assumed: false },
    });
  });

  it('spreads only the kinds still on a default pace', () => {
    // Pencils measured at 3 a day; backgrounds on the default: as in the six-page case, but the
    // earliest finish keeps the pencils at 3 a day (pages 1–3 day 1, 4–6 day 2), so the
    // backgrounds (3 a day) do 1–3 on day 2 and 4–6 on day 3.
    const history = new Map([[PENCILS, { approvals: 42, people: 1, days: 14 }]]);
    const f = forecastChapter(sixPages, history, '2026-12-31', 2, TODAY);
    expect(f).toMatchObject({
      finishOn: '2026-12-04',
      finishEarliest: '2026-12-03',
      finishLatest: '2026-12-06',
      confident: false,
    });
  });

  it('is overdue, not at risk, with a step past its due day and a finish on track, and names that step', () => {
    // The simulation ends on 12-04, on track against 12-10; but page 5's pencils were due on
    // 11-29 and page 3's backgrounds on 11-30. Page 2's backgrounds are due today: still in time.
    const late = withDue(sixPages, [
      [3, 1, '2026-11-30'],
      [5, 0, '2026-11-29'],
      [2, 1, TODAY],
    ]);
    const f = forecastChapter(late, NEW_TEAM, '2026-12-10', 2, TODAY);
    expect(f.finishOn).toBe('2026-12-04');
    expect(f.status).toBe(ForecastStatus.OVERDUE);
    expect(f.overdue).toEqual({
      ownerId: ARTIST,
      positionId: PENCILS,
      pageId: 5,
      dueOn: '2026-11-29',
      others: 1,
    });
  });

  it('stays late when late, naming the overdue step too', () => {
    const late = withDue(sixPages, [[1, 0, '2026-11-30']]);
    const f = forecastChapter(late, NEW_TEAM, '2026-12-03', 2, TODAY);
    expect(f.status).toBe(ForecastStatus.LATE);
    expect(f.overdue).toMatchObject({ pageId: 1, positionId: PENCILS, others: 0 });
  });

  it('is on track with nothing left', () => {
    const f = forecastChapter([], NEW_TEAM, '2026-12-10', 2, TODAY);
    expect(f).toMatchObject({
      status: ForecastStatus.ON_TRACK,
      finishOn: TODAY,
      confident: true,
      bottleneck: null,
      overdue: null,
    });
  });
});
