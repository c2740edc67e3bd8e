import dayjs from 'dayjs';

/** A server time as YYYY/MM/DD HH:mm (as given when it cannot be read). */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY/MM/DD HH:mm') : value;
}
