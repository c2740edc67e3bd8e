import type { MessageKey } from '@koma/shared/i18n';
import type { RecruitAddBody, RecruitDetail } from '@koma/shared/schemas';
import dayjs, { type Dayjs } from 'dayjs';
import { isBeforeYesterday, parseDay, wireDay } from '../../../lib/dates';

export interface RecruitFormValues {
  kind: 1 | 2;
  dates: [Dayjs | null, Dayjs | null] | null;
  /** Headcount by position id. */
  counts: Record<string, number | null | undefined>;
  chapterId: number | null;
  condition: string;
}

export type RecruitField = 'dates' | 'counts' | 'chapterId';
export type RecruitProblem = { field: RecruitField; key: MessageKey };

function datesProblem(v: RecruitFormValues, now: Dayjs): MessageKey | null {
  const [start, end] = v.dates ?? [null, null];
  if (!start || !end) return 'recruitDatesRequired';
  return isBeforeYesterday(start, now) || end.isBefore(start, 'day') ? 'recruitDatesInvalid' : null;
}

/**
 * Every failing field with its check, in the spec's order: dates, positions, chapter (kind 2).
 * All are shown at once; the first gets the focus.
 */
export function recruitProblems(v: RecruitFormValues, now: Dayjs = dayjs()): RecruitProblem[] {
  const found: [RecruitField, MessageKey | null][] = [
    ['dates', datesProblem(v, now)],
    ['counts', Object.values(v.counts).some((n) => (n ?? 0) > 0) ? null : 'recruitPositionsRequired'],
    ['chapterId', v.kind === 2 && !v.chapterId ? 'recruitChapterRequired' : null],
  ];
  return found.flatMap(([field, key]) => (key ? [{ field, key }] : []));
}

/** The recruit/add body; positions keep only counts above 0, dates as YYYY-MM-DD. */
export function toRecruitBody(
  projectId: number,
  v: RecruitFormValues,
): RecruitAddBody & { projectId: number } {
  const [start, end] = v.dates ?? [null, null];
  return {
    kind: v.kind,
    projectId,
    stime: start ? wireDay(start) : '',
    etime: end ? wireDay(end) : '',
    positions: Object.entries(v.counts)
      .map(([id, num]) => ({ position_id: Number(id), num: num ?? 0 }))
      .filter((p) => p.num > 0),
    condition: v.condition.trim(),
    ...(v.kind === 2 ? { chapterId: v.chapterId } : {}),
  };
}

/** The form filled with a stored recruitment, to edit it (one that has not started). */
export function formValuesOf(detail: RecruitDetail): RecruitFormValues {
  return {
    kind: detail.kind === 2 ? 2 : 1,
    dates: [parseDay(detail.stime), parseDay(detail.etime)],
    counts: Object.fromEntries(detail.details.map((p) => [String(p.position_id), p.num])),
    chapterId: detail.chapterId,
    condition: detail.condition,
  };
}
