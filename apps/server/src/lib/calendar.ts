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
