import type { TimelineChapter } from '@koma/shared/schemas';
import { describe, expect, it } from 'vitest';
import { daysFrom, monthStarts, spanOf } from './timeline-span';

const chapter = (over: Partial<TimelineChapter>): TimelineChapter => ({
  project_id: 1,
  project_title: '作品',
  chapter_id: 1,
  chapter_title: '第1話',
  status: 3,
  status_text: '制作中',
  start_on: '2026-11-10',
  script_at: '2026-11-20',
  check_at: '2027-01-31',
  buffer_days: 2,
  forecast: null,
  risk: null,
  risk_text: '',
  ...over,
});

describe('the editor’s timeline span', () => {
  it('runs from the earliest start to the latest check deadline, with a day each side', () => {
    const span = spanOf('2026-12-06', [
      chapter({}),
      chapter({ start_on: '2026-12-01', script_at: '2026-12-10', check_at: '2026-12-28' }),
    ]);
    expect(span).toEqual({ first: '2026-11-09', last: '2027-02-01' });
  });

  it('reaches a forecast finishing after the deadline, and today before every start', () => {
    const late = chapter({
      start_on: '2026-12-20',
      script_at: '2026-12-25',
      forecast: {
        status: 'late',
        status_text: '遅延',
        overdue_count: 0,
        finish_on: '2027-02-10',
        finish_earliest: '2027-02-10',
        finish_latest: '2027-02-10',
        confident: true,
        days_past_deadline: 10,
        reason: '',
      },
    });
    expect(spanOf('2026-12-06', [late])).toEqual({ first: '2026-12-05', last: '2027-02-11' });
  });

  it('counts days and names the months it crosses', () => {
    expect(daysFrom('2026-12-30', '2027-01-02')).toBe(3);
    expect(monthStarts('2026-11-09', '2027-02-01')).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);
  });
});
