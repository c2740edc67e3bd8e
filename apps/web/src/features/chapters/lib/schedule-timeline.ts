/** What the schedule chart needs of the reply (schedule.chapter), in wire days (YYYY-MM-DD). */
export interface TimelineInput {
  today: string;
  check_at: string;
  buffer_days: number;
  forecast: { finish_on: string } | null;
  pages: { steps: { due_on: string | null; approved_on: string | null }[] }[];
}

export interface Timeline {
  /** Every day shown, in order, as wire days. */
  days: string[];
  /** The first day of the buffer: check deadline minus buffer days. */
  bufferStart: string;
}

const DAY_MS = 86_400_000;
/** More days than this would make a chart no one reads; the ends are cut, never the deadline. */
export const TIMELINE_MAX_DAYS = 120;

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `day` moved by `n` days (calendar days, no time zone involved). */
export function addDays(day: string, n: number): string {
  return fromTime(toTime(day) + n * DAY_MS);
}

/**
 * The days the chart spans: from the earliest of today, any due or approval day to the latest of
 * the check deadline, the forecast's finish and any due day, one day of margin on each side.
 */
export function timelineOf(data: TimelineInput): Timeline {
  const marks = [data.today, data.check_at];
  if (data.forecast) marks.push(data.forecast.finish_on);
  for (const page of data.pages)
    for (const step of page.steps) {
      if (step.due_on) marks.push(step.due_on);
      if (step.approved_on) marks.push(step.approved_on);
    }
  const times = marks.map(toTime).filter((t) => Number.isFinite(t));
  let first = Math.min(...times) - DAY_MS;
  const last = Math.max(...times) + DAY_MS;
  // A long history is cut at its start: the days ahead and the deadline matter most.
  first = Math.max(first, last - (TIMELINE_MAX_DAYS - 1) * DAY_MS);
  const days: string[] = [];
  for (let t = first; t <= last; t += DAY_MS) days.push(fromTime(t));
  return { days, bufferStart: addDays(data.check_at, -data.buffer_days) };
}

/**
 * Where a step's bar starts: the day after the previous step of its page is due (that is when its
 * share of the days begins, docs/schedule.md), or its own due day for a page's first step.
 */
export function barStart(previousDue: string | null, due: string): string {
  if (!previousDue || previousDue >= due) return due;
  return addDays(previousDue, 1);
}

/** Whether `day` lies in [from, to] (wire days compare as text). */
export const within = (day: string, from: string, to: string) => day >= from && day <= to;
