import { StepStatus } from '@koma/shared';
import { addDays } from '../../lib/calendar.js';

/** One step of a page's chain, in order, as the due-day planner sees it. */
export interface ChainStep<K> {
  key: K;
  /** The step keeps its day: the founder moved it, or it started under a day already planned. */
  keep: boolean;
  dueOn: string | null;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Plans each step's due day backwards (docs/schedule.md): the last step of every page is due
 * `bufferDays` before the check deadline, and each earlier step one share earlier, the days from
 * today to that day being shared out over the chapter's longest chain. A chain shorter than the
 * longest starts later, so every page's last step is due the same day. A step that keeps its day
 * is left as it is.
 */
export function planDueDays<K>(
  chains: readonly (readonly ChainStep<K>[])[],
  today: string,
  checkAt: string,
  bufferDays: number,
  /** The longest chain of the chapter's other pages, which share the same days. */
  longestElsewhere = 0,
): Map<K, string> {
  const end = addDays(checkAt, -bufferDays);
  const window = Math.max(0, daysBetween(today, end));
  const longest = Math.max(1, longestElsewhere, ...chains.map((c) => c.length));
  const due = new Map<K, string>();
  for (const chain of chains) {
    chain.forEach((step, i) => {
      if (step.keep && step.dueOn) return;
      const stepsAfter = chain.length - 1 - i;
      due.set(step.key, addDays(end, -Math.round((stepsAfter * window) / longest)));
    });
  }
  return due;
}

/** Not approved and its due day is past (the due day itself is still in time). */
export function isOverdue(step: { status: number; dueOn: string | null }, today: string): boolean {
  return step.status !== StepStatus.DONE && isPastDue(step.dueOn, today);
}

/** The due day has passed (the day itself is still in time). */
export function isPastDue(dueOn: string | null, today: string): boolean {
  return dueOn !== null && dueOn < today;
}

/** The wire's due fields of a step (stepDue). */
export function dueOf(step: { status: number; dueOn: string | null }, today: string) {
  return { due_on: step.dueOn, overdue: isOverdue(step, today) };
}
