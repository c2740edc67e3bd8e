import type { TimelineChapter } from '@koma/shared/schemas';

const DAY_MS = 86_400_000;
/** More days than this make a chart no one reads: the oldest starts are cut, never a deadline. */
export const TIMELINE_SPAN_MAX_DAYS = 400;

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The days from `from` to `day` (negative before it). */
export const daysFrom = (from: string, day: string) => Math.round((toTime(day) - toTime(from)) / DAY_MS);

/**
 * The first and last day the editor's timeline spans: every chapter's start, name deadline,
 * check deadline and expected finish, and today, a day of margin on each side. A span longer than
 * TIMELINE_SPAN_MAX_DAYS is cut at its start: the days ahead matter most.
 */
export function spanOf(today: string, chapters: readonly TimelineChapter[]): { first: string; last: string } {
  const times = [today, ...chapters.flatMap(dayMarks)].map(toTime).filter(Number.isFinite);
  const last = Math.max(...times) + DAY_MS;
  const first = Math.max(Math.min(...times) - DAY_MS, last - (TIMELINE_SPAN_MAX_DAYS - 1) * DAY_MS);
  return { first: fromTime(first), last: fromTime(last) };
}

function dayMarks(c: TimelineChapter): string[] {
  const marks = [c.start_on, c.script_at, c.check_at];
  if (c.forecast) marks.push(c.forecast.finish_on);
  return marks;
}

/** The first day of each month within the span, for the head's month labels. */
export function monthStarts(first: string, last: string): string[] {
  const starts: string[] = [];
  const [y, m] = first.split('-').map(Number) as [number, number];
  for (let i = 1; ; i++) {
    const day = fromTime(Date.UTC(y, m - 1 + i, 1));
    if (day > last) return starts;
    starts.push(day);
  }
}
