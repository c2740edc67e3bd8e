import { describe, expect, it } from 'vitest';
import { forecastChapter, type OpenStep } from './forecast.js';
import { presentForecast } from './schedule.presenter.js';

// The rule of issue 40 (docs/schedule.md, "Status"): the risk words and the reason say the same
// thing as the finish day. A step past its due day is named as such (期日超過N件); 遅れの恐れ only
// when the finish falls inside the buffer; 遅延 only after the check deadline.
const ARTIST = 1;
const ASSISTANT = 2;
const PENCILS = 2; // メイン作画, 3 pages a day by default
const BACKGROUNDS = 6; // 背景アシスタント, 2 pages a day by default
const TODAY = '2026-12-01';
const NAMES = new Map([
  [ARTIST, '鈴木'],
  [ASSISTANT, '田中'],
]);
const PAGE_NUMS = new Map([1, 2, 3, 4, 5, 6].map((n) => [n, n]));

/** Six pages of pencils then backgrounds, a new team: the simulation finishes on 12-04. */
function sixPages(overdue: [page: number, dueOn: string][]): OpenStep[] {
  return Array.from({ length: 6 }, (_, p) =>
    [
      { ownerId: ARTIST, positionId: PENCILS },
      { ownerId: ASSISTANT, positionId: BACKGROUNDS },
    ].map((s, sort) => {
      const due = sort === 0 ? overdue.find(([page]) => page === p + 1) : undefined;
      return { ...s, pageId: p + 1, sort, dueOn: due ? due[1] : null };
    }),
  ).flat();
}

function words(overdue: [number, string][], checkAt: string, lang: 'ja' | 'zh' | 'en' = 'ja') {
  const forecast = forecastChapter(sixPages(overdue), new Map(), checkAt, 2, TODAY);
  return presentForecast(forecast, NAMES, PAGE_NUMS, lang);
}

describe('the forecast’s words agree with its finish day', () => {
  const cases: {
    name: string;
    overdue: [number, string][];
    checkAt: string;
    status: string;
    text: string;
    count: number;
    reason: RegExp;
  }[] = [
    {
      name: 'a finish well before the buffer, nothing missed: 順調',
      overdue: [],
      checkAt: '2026-12-31',
      status: 'on_track',
      text: '順調',
      count: 0,
      reason: /^田中さんの背景アシスタント：.+締め切りの27日前に終わる見込み$/,
    },
    {
      name: 'the issue’s chapter: a missed due day, the finish 27 days early: 期日超過1件, not 遅れの恐れ',
      overdue: [[5, '2026-11-29']],
      checkAt: '2026-12-31',
      status: 'overdue',
      text: '期日超過1件',
      count: 1,
      reason: /^5ページのメイン作画（鈴木さん）が期日2026\/11\/29を過ぎています。.+27日前に終わる見込み$/,
    },
    {
      name: 'two missed days, the finish on track: both counted',
      overdue: [
        [5, '2026-11-29'],
        [6, '2026-11-30'],
      ],
      checkAt: '2026-12-31',
      status: 'overdue',
      text: '期日超過2件',
      count: 2,
      reason: /^5ページの.+を過ぎています（ほかに1件）。/,
    },
    {
      name: 'the finish inside the buffer: 遅れの恐れ, and the reason says it is in the buffer',
      overdue: [],
      checkAt: '2026-12-05',
      status: 'at_risk',
      text: '遅れの恐れ',
      count: 0,
      reason: /締め切りの1日前に終わる見込み（予備日に入ります）$/,
    },
    {
      name: 'the finish inside the buffer with a missed day: both said',
      overdue: [[1, '2026-11-30']],
      checkAt: '2026-12-05',
      status: 'at_risk',
      text: '遅れの恐れ・期日超過1件',
      count: 1,
      reason: /^1ページの.+を過ぎています。.+（予備日に入ります）$/,
    },
    {
      name: 'the finish after the check deadline: 遅延',
      overdue: [],
      checkAt: '2026-12-03',
      status: 'late',
      text: '遅延',
      count: 0,
      reason: /締め切りの1日後に終わる見込み$/,
    },
    {
      name: 'a due day of today is still in time',
      overdue: [[2, TODAY]],
      checkAt: '2026-12-31',
      status: 'on_track',
      text: '順調',
      count: 0,
      reason: /^田中さんの/,
    },
  ];

  for (const c of cases)
    it(c.name, () => {
      const f = words(c.overdue, c.checkAt);
      expect(f.finish_on).toBe('2026-12-04');
      expect([f.status, f.status_text, f.overdue_count]).toEqual([c.status, c.text, c.count]);
      expect(f.reason).toMatch(c.reason);
    });

  it('says 遅れの恐れ only when the finish falls inside the buffer, whatever is overdue', () => {
    for (const checkAt of [
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-31',
    ])
      for (const overdue of [[], [[3, '2026-11-28']]] as [number, string][][]) {
        const f = words(overdue, checkAt);
        // The buffer is 2 days: its first day is 2 days before the check deadline.
        const inBuffer = f.days_past_deadline <= 0 && f.days_past_deadline > -2;
        expect(f.status_text.includes('遅れの恐れ'), `${checkAt} ${overdue.length}`).toBe(inBuffer);
        expect(f.reason.includes('予備日に入ります')).toBe(inBuffer);
        expect(f.status_text.includes('期日超過')).toBe(overdue.length > 0);
      }
  });

  it('has the same words in Chinese and English', () => {
    expect(words([[5, '2026-11-29']], '2026-12-31', 'zh').status_text).toBe('超过期限1项');
    expect(words([[5, '2026-11-29']], '2026-12-31', 'en').status_text).toBe('1 overdue');
    expect(words([[1, '2026-11-30']], '2026-12-05', 'en').status_text).toBe('At risk · 1 overdue');
    expect(words([], '2026-12-05', 'zh').reason).toMatch(/（进入预留天数）$/);
  });
});
