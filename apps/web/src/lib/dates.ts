import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Typed days are read format by format, strictly: '2026/12/4' or '2026-13-01' are not days.
dayjs.extend(customParseFormat);

/** How the app shows a day, in every language (issue 18: one way, YYYY/MM/DD). */
export const DAY_FORMAT = 'YYYY/MM/DD';

/** How the app shows a time of day with its day. */
export const TIME_FORMAT = `${DAY_FORMAT} HH:mm`;

/** The API's days (the spec's wire format), e.g. stime, etime, scriptAt, checkAt. */
const WIRE_DAY = 'YYYY-MM-DD';

/**
 * What a date picker accepts when typed: 2026/12/04 (shown this way), 20261204 (typed without
 * separators, as Japanese users often do) and 2026-12-04. The first is also the one it shows.
 */
export const DAY_INPUT_FORMATS: string[] = [DAY_FORMAT, 'YYYYMMDD', WIRE_DAY];

/** A day typed or received in any of DAY_INPUT_FORMATS; null when it is none of them. */
export function parseDay(text: string | null | undefined): Dayjs | null {
  const value = text?.trim();
  if (!value) return null;
  for (const format of DAY_INPUT_FORMATS) {
    const day = dayjs(value, format, true);
    if (day.isValid()) return day;
  }
  return null;
}

/** A picked day as the API takes it (YYYY-MM-DD). */
export function wireDay(day: Dayjs): string {
  return day.format(WIRE_DAY);
}

/** A server time as YYYY/MM/DD HH:mm (as given when it cannot be read). */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = dayjs(value);
  return time.isValid() ? time.format(TIME_FORMAT) : value;
}

/** A day from the server (YYYY-MM-DD) as YYYY/MM/DD; '—' when there is none. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const day = parseDay(value) ?? dayjs(value);
  return day.isValid() ? day.format(DAY_FORMAT) : value;
}

/** Dates from yesterday on (the original date pickers' rule). */
export function isBeforeYesterday(day: Dayjs, now: Dayjs = dayjs()): boolean {
  return day.isBefore(now.subtract(1, 'day').startOf('day'));
}
