import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';

/** Where the queue reports what went wrong: the app's logger (the demo passes the console). */
export type JobLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * A kind of job's share of the instance: renders (seconds of CPU and hundreds of MB each, in
 * child processes) take slots of their own, so a mail never waits behind a page (docs/jobs.md).
 */
export type JobLane = 'jobs' | 'renders';
/** How many jobs of each lane one instance runs at once. */
export type LaneSizes = Record<JobLane, number>;

/**
 * Takes jobs from pg-boss and runs them, at most as many at once per lane as `lanes` says.
 *
 * Written here rather than with pg-boss 10's `work()`, whose workers each run one batch at a
 * time with no bound shared between queues, and complete a job without waiting for (or catching)
 * the statement. Here a poller takes one of the instance's slots before it asks for a job, so a
 * busy instance never holds a job that a free one could run; the outcome is stored before the
 * slot is given back; and `stop()` knows when the last job has ended.
 */
export interface JobRunner {
  /** Runs `handler` for the jobs of `name`, in `lane`, looking for one every `pollMs` or when woken. */
  poll(
    name: string,
    lane: JobLane,
    pollMs: number,
    handler: (job: PgBoss.JobWithMetadata<unknown>) => Promise<void>,
  ): void;
  /** Looks for jobs of `name` now (one was just stored by this instance). */
  wake(name: string): void;
  /** Takes no more jobs and waits up to `maxMs` for the running ones. */
  stop(maxMs: number): Promise<void>;
}

export function createJobRunner(boss: PgBoss, lanes: LaneSizes, log: JobLog): JobRunner {
  const slotsOf = { jobs: createSlots(lanes.jobs), renders: createSlots(lanes.renders) };
  const pollers = new Map<string, { wake(): void; done: Promise<void> }>();
  const running = new Set<Promise<void>>();
  let stopping = false;

  function poll(
    name: string,
    lane: JobLane,
    pollMs: number,
    handler: (job: PgBoss.JobWithMetadata<unknown>) => Promise<void>,
  ) {
    const slots = slotsOf[lane];
    let nap: AbortController | null = null;
    let woken = false;
    const wake = () => {
      woken = true;
      nap?.abort();
    };
    const loop = async () => {
      while (!stopping) {
        if (!(await slots.take())) return;
        woken = false;
        const job = await fetchOne(name);
        if (job) {
          const run = handler(job).finally(slots.give);
          running.add(run);
          void run.finally(() => running.delete(run));
          continue;
        }
        slots.give();
        if (woken || stopping) continue;
        nap = new AbortController();
        await sleep(pollMs, undefined, { signal: nap.signal }).catch(() => {});
        nap = null;
      }
    };
    pollers.set(name, { wake, done: loop() });
  }

  async function fetchOne(name: string): Promise<PgBoss.JobWithMetadata<unknown> | undefined> {
    try {
      const [job] = await boss.fetch(name, { includeMetadata: true });
      return job;
    } catch (err) {
      log.warn({ err, job: name }, 'could not look for jobs');
      return undefined;
    }
  }

  return {
    poll,
    wake: (name) => pollers.get(name)?.wake(),
    async stop(maxMs) {
      stopping = true;
      for (const slots of Object.values(slotsOf)) slots.close();
      for (const poller of pollers.values()) poller.wake();
      await Promise.all([...pollers.values()].map((p) => p.done));
      const deadline = new AbortController();
      const late = sleep(maxMs, true, { signal: deadline.signal }).catch(() => false);
      const ended = Promise.allSettled(running).then(() => false);
      if (await Promise.race([ended, late])) {
        // Left active: pg-boss offers them again once their time is up (docs/jobs.md).
        log.warn({ running: running.size }, 'stopped while jobs were still running');
      }
      deadline.abort();
    },
  };
}

/** A counting semaphore: `take()` resolves true once a slot is free, false once closed. */
function createSlots(size: number) {
  let free = size;
  const waiting: ((ok: boolean) => void)[] = [];
  return {
    take(): Promise<boolean> {
      if (free > 0) {
        free--;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    give() {
      const next = waiting.shift();
      if (next) next(true);
      else free++;
    },
    close() {
      for (const resolve of waiting.splice(0)) resolve(false);
      free = 0;
    },
  };
}
