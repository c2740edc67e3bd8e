import dayjs, { type Dayjs } from 'dayjs';

/** A server time as YYYY/MM/DD HH:mm (as given when it cannot be read). */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY/MM/DD HH:mm') : value;
}

/** A deadline (YYYY-MM-DD) as YYYY/MM/DD; '—' when there is none. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const day = dayjs(value);
  return day.isValid() ? day.format('YYYY/MM/DD') : value;
}

/** Dates from yesterday on (the original date pickers' rule). */
export function isBeforeYesterday(day: Dayjs, now: Dayjs = dayjs()): boolean {
  return day.isBefore(now.subtract(1, 'day').startOf('day'));
}
