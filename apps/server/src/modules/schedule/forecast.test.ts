import { ForecastStatus } from '@koma/shared';
import { describe, expect, it } from 'vitest';
import { forecastChapter, type OpenStep } from './forecast.js';

const A = 1; // pencils (position 1)
const B = 2; // inks (position 2)
const C = 3; // tones (position 3)
const TODAY = '2026-12-01';
const NEW_TEAM = { approvalsByOwner: new Map<number, number>(), daysObserved: 0 };

/** `pages` pages, each with one step per owner in the order given, position = the owner's number. */
function chapter(pages: number, owners: number[]): OpenStep[] {
  return Array.from({ length: pages }, (_, p) =>
    owners.map((ownerId, sort) => ({ pageId: p + 1, sort, ownerId, positionId: ownerId })),
  ).flat();
}

describe('chapter forecast', () => {
  // A new team works at the default 2 steps a day each. A approves pages 1–2 on day 1 … 9–10 on
  // day 5; B starts a page the day after A, so ends on day 6; C on day 7: finish 12-07.
  const tenPages = chapter(10, [A, B, C]);

  it('is on track when the finish falls before the buffer', () => {
    const f = forecastChapter(tenPages, NEW_TEAM, '2026-12-10', 2, TODAY);
    expect(f).toEqual({
      status: ForecastStatus.ON_TRACK,
      finishOn: '2026-12-07',
      daysPastDeadline: -3,
      bottleneck: { ownerId: C, positionId: C, left: 10, perDay: 2, assumed: true },
    });
  });

  it('is at risk when the finish falls inside the buffer', () => {
    const f = forecastChapter(tenPages, NEW_TEAM, '2026-12-08', 2, TODAY);
    expect(f.status).toBe(ForecastStatus.AT_RISK);
    expect(f.daysPastDeadline).toBe(-1);
  });

  it('is late when the finish falls after the check deadline', () => {
    const f = forecastChapter(tenPages, NEW_TEAM, '2026-12-05', 2, TODAY);
    expect(f.status).toBe(ForecastStatus.LATE);
    expect(f.daysPastDeadline).toBe(2);
  });

  it('uses each person’s own pace, and the team’s for a person with no history', () => {
    // A approved 28 steps in 28 days (1 a day), B 56 (2 a day); C none: the team's 1.5 a day each.
    const throughput = {
      approvalsByOwner: new Map([
        [A, 28],
        [B, 56],
      ]),
      daysObserved: 28,
    };
    // A: pages 1–4 on days 1–4. C gains 1.5 a day: day 2 page 1, day 3 page 2, day 4 page 3,
    // day 5 page 4 (ready only after A's day 4): finish 12-05.
    const f = forecastChapter(chapter(4, [A, C]), throughput, '2026-12-31', 2, TODAY);
    expect(f.finishOn).toBe('2026-12-05');
    expect(f.bottleneck).toEqual({ ownerId: C, positionId: C, left: 4, perDay: 1.5, assumed: true });
  });

  it('names a slow person with history as the reason', () => {
    // B approved 7 in 14 days: half a step a day, 6 steps take 12 days after A's first page.
    const throughput = {
      approvalsByOwner: new Map([
        [A, 28],
        [B, 7],
      ]),
      daysObserved: 14,
    };
    const f = forecastChapter(chapter(6, [A, B]), throughput, '2026-12-10', 2, TODAY);
    // B's capacity reaches 1 on day 2, 3 … every other day: pages 1–6 on days 2, 4, 6, 8, 10, 12.
    expect(f.finishOn).toBe('2026-12-12');
    expect(f.status).toBe(ForecastStatus.LATE);
    expect(f.bottleneck).toEqual({ ownerId: B, positionId: B, left: 6, perDay: 0.5, assumed: false });
  });

  it('is on track with nothing left', () => {
    const f = forecastChapter([], NEW_TEAM, '2026-12-10', 2, TODAY);
    expect(f).toMatchObject({ status: ForecastStatus.ON_TRACK, finishOn: TODAY, bottleneck: null });
  });
});
