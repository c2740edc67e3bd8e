import { ForecastStatus, LIMITS } from '@koma/shared';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import { daysBetween, isPastDue } from './due-plan.js';
import { type Pace, paceOf, type Throughput } from './pace.js';

/** A step not yet approved, in its page's order. */
export interface OpenStep {
  pageId: number;
  sort: number;
  ownerId: number;
  positionId: number;
  /** Its planned or moved due day; null before the flow is saved. */
  dueOn: string | null;
}

export interface Forecast {
  status: ForecastStatus;
  /** The day the last step is expected to be approved (today when nothing is left). */
  finishOn: string;
  /**
   * The finish with every default pace sped up and slowed down by `forecastSpread`: the range
   * while the history is short. Both are `finishOn` when every pace is the team's own.
   */
  finishEarliest: string;
  finishLatest: string;
  /** Every open step's kind has a pace from the team's own approvals. */
  confident: boolean;
  /** Days the finish lies after the check deadline (negative: before it). */
  daysPastDeadline: number;
  /** The person whose work ends last, and why: null when nothing is left. */
  bottleneck: {
    ownerId: number;
    /** The position most of their open steps are for. */
    positionId: number;
    left: number;
    /** Pages a day at that position. */
    perDay: number;
    /** No history of that kind: the default stands in. */
    assumed: boolean;
  } | null;
  /** The open step longest past its due day, and how many others are past theirs; null: none. */
  overdue: { ownerId: number; positionId: number; pageId: number; dueOn: string; others: number } | null;
}

const MAX_DAYS = 3650;
/** Float sums of 1/3 a page fall a hair short of a whole day. */
const EPSILON = 1e-9;

/**
 * The forecast (docs/schedule.md): a simulation of the days ahead at each kind's pace, judged
 * against the buffer and the check deadline. A step already past its due day keeps the chapter
 * from being on track, whatever the simulation says, and is called overdue, not at risk: 「遅れの
 * 恐れ」 is kept for a finish in danger, so the words agree with the finish day (issue 40).
 */
export function forecastChapter(
  open: readonly OpenStep[],
  history: Throughput,
  checkAt: string,
  bufferDays: number,
  today: string = tokyoDay(),
): Forecast {
  if (open.length === 0) return finished(today, checkAt);
  const overdue = overdueOf(open, today);
  const paces = new Map([...new Set(open.map((s) => s.positionId))].map((id) => [id, paceOf(id, history)]));
  const confident = [...paces.values()].every((p) => p.measured);
  // Days of work a page costs at each kind, the default paces times `factor`.
  const at = (factor: number) =>
    new Map([...paces].map(([id, p]) => [id, 1 / (p.measured ? p.perDay : p.perDay * factor)]));
  const { days, lastOwner } = simulate(open, at(1));
  const finishOn = addDays(today, days - 1);
  const spread = LIMITS.forecastSpread;
  const planned = statusOf(finishOn, checkAt, bufferDays);
  return {
    status: overdue && planned === ForecastStatus.ON_TRACK ? ForecastStatus.OVERDUE : planned,
    finishOn,
    finishEarliest: confident ? finishOn : addDays(today, simulate(open, at(spread)).days - 1),
    finishLatest: confident ? finishOn : addDays(today, simulate(open, at(1 / spread)).days - 1),
    confident,
    daysPastDeadline: daysBetween(checkAt, finishOn),
    bottleneck: bottleneckOf(open, lastOwner, paces),
    overdue,
  };
}

/**
 * Day by day, each person with a step whose page has reached them puts in a day's work: each
 * step costs 1 / (its kind's pages a day) of a day, taken in page order; what is left of the day
 * goes into the next step if it is ready, else is lost (nobody works ahead on a page not yet
 * theirs). A step approved on a day lets the page's next step be worked from the next day:
 * pencils and inks of one page are not done the same day. The day the last step is approved is
 * the finish.
 */
function simulate(
  open: readonly OpenStep[],
  costs: ReadonlyMap<number, number>,
): { days: number; lastOwner: number } {
  const chains = chainsOf(open);
  const queues = queuesOf(chains);
  const progress = new Map<number, number>(); // owner → days already put into their next step
  const readyFrom = new Map<number, number>(); // page → first day its next step may be worked
  let left = open.length;
  let day = 0;
  let lastOwner = (open[0] as OpenStep).ownerId;
  // The paces are positive, so some step is approved every few days; the bound only guards a bug.
  while (left > 0 && day < MAX_DAYS) {
    day += 1;
    for (const [owner, queue] of queues) {
      let budget = progress.get(owner) ?? 0;
      let working = false;
      let stuck = false;
      for (let i = 0; i < queue.length; ) {
        const step = queue[i] as OpenStep;
        const chain = chains.get(step.pageId) as OpenStep[];
        if (chain[0] !== step || (readyFrom.get(step.pageId) ?? 1) > day) {
          i += 1;
          continue;
        }
        if (!working) budget += 1;
        working = true;
        const cost = costs.get(step.positionId) as number;
        if (budget + EPSILON < cost) {
          stuck = true;
          break;
        }
        chain.shift();
        queue.splice(i, 1);
        readyFrom.set(step.pageId, day + 1);
        budget -= cost;
        left -= 1;
        lastOwner = owner;
      }
      progress.set(owner, stuck ? budget : 0);
    }
  }
  return { days: day, lastOwner };
}

/** The open step longest past its due day (then the first page, then the first step). */
function overdueOf(open: readonly OpenStep[], today: string): Forecast['overdue'] {
  // Open steps are not approved: past their due day is overdue.
  const late = open.filter((s) => isPastDue(s.dueOn, today));
  const [first] = late.sort(
    (a, b) => (a.dueOn as string).localeCompare(b.dueOn as string) || a.pageId - b.pageId || a.sort - b.sort,
  );
  if (!first) return null;
  const { ownerId, positionId, pageId } = first;
  return { ownerId, positionId, pageId, dueOn: first.dueOn as string, others: late.length - 1 };
}

function finished(today: string, checkAt: string): Forecast {
  return {
    status: ForecastStatus.ON_TRACK,
    finishOn: today,
    finishEarliest: today,
    finishLatest: today,
    confident: true,
    daysPastDeadline: daysBetween(checkAt, today),
    bottleneck: null,
    overdue: null,
  };
}

function statusOf(finishOn: string, checkAt: string, bufferDays: number): ForecastStatus {
  if (finishOn > checkAt) return ForecastStatus.LATE;
  if (finishOn > addDays(checkAt, -bufferDays)) return ForecastStatus.AT_RISK;
  return ForecastStatus.ON_TRACK;
}

/** Each page's open steps in order; each person's in the order they take them up (page, then step). */
function chainsOf(open: readonly OpenStep[]): Map<number, OpenStep[]> {
  const chains = new Map<number, OpenStep[]>();
  const sorted = [...open].sort((a, b) => a.pageId - b.pageId || a.sort - b.sort);
  for (const step of sorted) {
    const chain = chains.get(step.pageId);
    if (chain) chain.push(step);
    else chains.set(step.pageId, [step]);
  }
  return chains;
}

function queuesOf(chains: Map<number, OpenStep[]>): Map<number, OpenStep[]> {
  const queues = new Map<number, OpenStep[]>();
  for (const chain of chains.values())
    for (const step of chain) {
      const queue = queues.get(step.ownerId);
      if (queue) queue.push(step);
      else queues.set(step.ownerId, [step]);
    }
  return queues;
}

function bottleneckOf(
  open: readonly OpenStep[],
  ownerId: number,
  paces: ReadonlyMap<number, Pace>,
): Forecast['bottleneck'] {
  const theirs = open.filter((s) => s.ownerId === ownerId);
  const byPosition = new Map<number, number>();
  for (const s of theirs) byPosition.set(s.positionId, (byPosition.get(s.positionId) ?? 0) + 1);
  const [positionId, left] = [...byPosition].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [0, 0];
  const pace = paces.get(positionId) ?? { perDay: LIMITS.forecastDefaultPagesPerDay, measured: false };
  return { ownerId, positionId, left, perDay: pace.perDay, assumed: !pace.measured };
}
