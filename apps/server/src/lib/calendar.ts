/** Koma's calendar days are Japanese days: date pickers and recruitment periods use Tokyo time. */
const TOKYO = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' });

/** YYYY-MM-DD in Tokyo. */
export function tokyoDay(at: Date = new Date()): string {
  return TOKYO.format(at);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The last moment of a Tokyo day (deadlines are whole days; Japan has no daylight saving). */
export function endOfTokyoDay(day: string): Date {
  return new Date(`${day}T23:59:59.999+09:00`);
}
