import { ForecastStatus, LIMITS } from '@koma/shared';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import { daysBetween } from './due-plan.js';

/** A step not yet approved, in its page's order. */
export interface OpenStep {
  pageId: number;
  sort: number;
  ownerId: number;
  positionId: number;
}

/** Approved steps per person in the window, and how many days the team has been approving. */
export interface Throughput {
  approvalsByOwner: ReadonlyMap<number, number>;
  /** Days from the team's first approval to today, at most the window (0: never approved). */
  daysObserved: number;
}

export interface Forecast {
  status: ForecastStatus;
  /** The day the last step is expected to be approved (today when nothing is left). */
  finishOn: string;
  /** Days the finish lies after the check deadline (negative: before it). */
  daysPastDeadline: number;
  /** The person whose work ends last, and why: null when nothing is left. */
  bottleneck: {
    ownerId: number;
    /** The position most of their open steps are for. */
    positionId: number;
    left: number;
    perDay: number;
    /** No history of theirs: the team's rate or the default stands in. */
    assumed: boolean;
  } | null;
}

const MAX_DAYS = 3650;

/** Each person's approved steps a day: their own with enough history, else the team's, else the default. */
export function ratesOf(
  owners: Iterable<number>,
  throughput: Throughput,
): Map<number, { perDay: number; assumed: boolean }> {
  const days = Math.max(1, throughput.daysObserved);
  const counts = [...throughput.approvalsByOwner.values()];
  const teamTotal = counts.reduce((a, b) => a + b, 0);
  const teamPerPerson =
    teamTotal >= LIMITS.forecastMinHistory ? teamTotal / days / counts.filter((c) => c > 0).length : null;
  const rates = new Map<number, { perDay: number; assumed: boolean }>();
  for (const owner of owners) {
    const own = throughput.approvalsByOwner.get(owner) ?? 0;
    if (own >= LIMITS.forecastMinHistory) rates.set(owner, { perDay: own / days, assumed: false });
    else rates.set(owner, { perDay: teamPerPerson ?? LIMITS.forecastDefaultStepsPerDay, assumed: true });
  }
  return rates;
}

/**
 * Simulates the days ahead (docs/schedule.md): each day every person gains their rate in capacity
 * and approves, one by one, the steps of theirs whose page has reached them, in page order; a step
 * approved on a day lets the page's next step be worked from the next day. The day the last step
 * is approved is the finish.
 */
export function forecastChapter(
  open: readonly OpenStep[],
  throughput: Throughput,
  checkAt: string,
  bufferDays: number,
  today: string = tokyoDay(),
): Forecast {
  const [first] = open;
  if (!first) return finished(today, checkAt);
  const rates = ratesOf(new Set(open.map((s) => s.ownerId)), throughput);
  const chains = chainsOf(open);
  const queues = queuesOf(chains);
  const capacity = new Map<number, number>();
  const readyFrom = new Map<number, number>(); // page → first day its next step may be worked
  let left = open.length;
  let day = 0;
  let lastOwner = first.ownerId;
  // The rates are positive, so some step is approved every few days; the bound only guards a bug.
  while (left > 0 && day < MAX_DAYS) {
    day += 1;
    for (const [owner, queue] of queues) {
      const carried = capacity.get(owner) ?? 0;
      let budget = carried - Math.floor(carried) + (rates.get(owner)?.perDay ?? 1);
      for (let i = 0; i < queue.length && budget >= 1; ) {
        const step = queue[i] as OpenStep;
        const chain = chains.get(step.pageId) as OpenStep[];
        if (chain[0] !== step || (readyFrom.get(step.pageId) ?? 1) > day) {
          i += 1;
          continue;
        }
        chain.shift();
        queue.splice(i, 1);
        readyFrom.set(step.pageId, day + 1);
        budget -= 1;
        left -= 1;
        lastOwner = owner;
      }
      capacity.set(owner, budget);
    }
  }
  const finishOn = addDays(today, day - 1);
  return {
    status: statusOf(finishOn, checkAt, bufferDays),
    finishOn,
    daysPastDeadline: daysBetween(checkAt, finishOn),
    bottleneck: bottleneckOf(open, lastOwner, rates),
  };
}

function finished(today: string, checkAt: string): Forecast {
  return {
    status: ForecastStatus.ON_TRACK,
    finishOn: today,
    daysPastDeadline: daysBetween(checkAt, today),
    bottleneck: null,
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
  rates: Map<number, { perDay: number; assumed: boolean }>,
): Forecast['bottleneck'] {
  const theirs = open.filter((s) => s.ownerId === ownerId);
  const byPosition = new Map<number, number>();
  for (const s of theirs) byPosition.set(s.positionId, (byPosition.get(s.positionId) ?? 0) + 1);
  const [positionId] = [...byPosition].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [0];
  const rate = rates.get(ownerId) ?? { perDay: LIMITS.forecastDefaultStepsPerDay, assumed: true };
  return { ownerId, positionId, left: theirs.length, perDay: rate.perDay, assumed: rate.assumed };
}
