import { FORECAST_PAGES_PER_DAY, LIMITS } from '@koma/shared';

/** The team's approvals of one kind of step (a position) in the forecast window. */
export interface KindHistory {
  approvals: number;
  /** People who approved at least one of them. */
  people: number;
  /** Days from the team's first approval of this kind to today, at most the window. */
  days: number;
}

/** The team's history per kind of step (position id → its approvals). */
export type Throughput = ReadonlyMap<number, KindHistory>;

export interface Pace {
  /** Pages of this kind one person finishes a day. */
  perDay: number;
  /** From the team's own approvals; false: the default of the kind stands in. */
  measured: boolean;
}

/**
 * One person's pace at a kind of step (docs/schedule.md, "Pace"): the team's own once it has
 * approved enough of that kind over enough days, else the kind's default. Five approvals on one
 * busy day are no pace: they would promise five pages a day for good.
 */
export function paceOf(positionId: number, history: Throughput): Pace {
  const h = history.get(positionId);
  if (h && h.approvals >= LIMITS.forecastMinHistory && h.days >= LIMITS.forecastMinHistoryDays)
    return { perDay: h.approvals / h.days / Math.max(1, h.people), measured: true };
  return { perDay: FORECAST_PAGES_PER_DAY[positionId] ?? LIMITS.forecastDefaultPagesPerDay, measured: false };
}
