import { describe, expect, it } from 'vitest';
import { addDays, barStart, TIMELINE_MAX_DAYS, timelineOf, within } from './schedule-timeline';

const base = {
  today: '2026-12-01',
  check_at: '2026-12-10',
  buffer_days: 2,
  forecast: { finish_on: '2026-12-05' },
  pages: [
    {
      steps: [
        { due_on: '2026-12-04', approved_on: null },
        { due_on: '2026-12-08', approved_on: null },
      ],
    },
  ],
};

describe('timelineOf', () => {
  it('spans today to the check deadline with a day of margin, and finds the buffer start', () => {
    const line = timelineOf(base);
    expect(line.days[0]).toBe('2026-11-30');
    expect(line.days.at(-1)).toBe('2026-12-11');
    expect(line.days).toHaveLength(12);
    expect(line.bufferStart).toBe('2026-12-08');
  });

  it('reaches back to an approval before today and on to a finish after the deadline', () => {
    const line = timelineOf({
      ...base,
      forecast: { finish_on: '2026-12-20' },
      pages: [{ steps: [{ due_on: '2026-11-25', approved_on: '2026-11-20' }] }],
    });
    expect(line.days[0]).toBe('2026-11-19');
    expect(line.days.at(-1)).toBe('2026-12-21');
  });

  it('crosses month ends day by day', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('cuts a very long history at its start, keeping the deadline', () => {
    const line = timelineOf({
      ...base,
      pages: [{ steps: [{ due_on: '2026-12-04', approved_on: '2025-01-01' }] }],
    });
    expect(line.days).toHaveLength(TIMELINE_MAX_DAYS);
    expect(line.days.at(-1)).toBe('2026-12-11');
  });
});

describe('barStart', () => {
  it("starts the day after the page's previous due day", () => {
    expect(barStart('2026-12-04', '2026-12-08')).toBe('2026-12-05');
  });
  it('is the due day itself for a first step or a previous day not earlier', () => {
    expect(barStart(null, '2026-12-04')).toBe('2026-12-04');
    expect(barStart('2026-12-09', '2026-12-08')).toBe('2026-12-08');
  });
});

describe('within', () => {
  it('includes both ends', () => {
    expect(within('2026-12-04', '2026-12-04', '2026-12-08')).toBe(true);
    expect(within('2026-12-09', '2026-12-04', '2026-12-08')).toBe(false);
  });
});
