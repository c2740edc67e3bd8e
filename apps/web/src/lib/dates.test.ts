import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DAY_INPUT_FORMATS, formatDay, formatTime, parseDay, wireDay } from './dates';

describe('parseDay', () => {
  it('reads a day typed with slashes, without separators or with hyphens', () => {
    for (const typed of ['2026/12/04', '20261204', '2026-12-04', ' 2026/12/04 ']) {
      expect(parseDay(typed)?.format('YYYY-MM-DD'), typed).toBe('2026-12-04');
    }
  });

  it('refuses what is not a day of the calendar', () => {
    for (const typed of ['2026/13/01', '2026/02/30', '2026124', '2026/12', '04/12/2026', 'あした', '']) {
      expect(parseDay(typed), typed).toBeNull();
    }
    expect(parseDay(null)).toBeNull();
    expect(parseDay(undefined)).toBeNull();
  });

  it('shows the picked day as YYYY/MM/DD: the first of the formats a picker accepts', () => {
    expect(DAY_INPUT_FORMATS[0]).toBe('YYYY/MM/DD');
    expect(DAY_INPUT_FORMATS).toEqual(expect.arrayContaining(['YYYYMMDD', 'YYYY-MM-DD']));
  });
});

describe('wireDay', () => {
  it('sends the API the spec format, whatever was typed', () => {
    const typed = parseDay('20261204');
    expect(typed && wireDay(typed)).toBe('2026-12-04');
    expect(wireDay(dayjs('2026-01-09T23:30:00'))).toBe('2026-01-09');
  });
});

describe('formatDay and formatTime', () => {
  it('show days as YYYY/MM/DD', () => {
    expect(formatDay('2026-11-25')).toBe('2026/11/25');
    expect(formatDay('')).toBe('—');
    expect(formatDay(null)).toBe('—');
  });

  it('show times as YYYY/MM/DD HH:mm', () => {
    expect(formatTime('2026-11-25T09:05:00')).toBe('2026/11/25 09:05');
    expect(formatTime(undefined)).toBe('—');
    expect(formatTime('soon')).toBe('soon');
  });
});
