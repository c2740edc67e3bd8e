import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client.js';
import type { JobName, JobPayloads } from './job-payloads.js';
import { createJobRunner, type JobLane, type JobLog, type LaneSizes } from './job-runner.js';
import { activeJobs, closable, JOBS_SCHEMA, transactionRunner } from './pg-boss-sql.js';

export type { JobName, JobPayloads } from './job-payloads.js';

export type JobHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<unknown>;
/**
 * What to do once a job has failed its last try, or its instance was killed during it: the work
 * will not be done, so what waits for it should say so (a rendition's row becomes failed).
 */
export type GiveUpHandler<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;

interface JobSettings {
  /** Attempts after the first; the n-th waits retryDelaySeconds × 2ⁿ⁻¹ to 2ⁿ (random in between). */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * How long an attempt may run: past it pg-boss takes its instance for dead (killed) and offers
   * the job again. Longer than anything the handler waits for (the mailer's SMTP timeouts).
   */
  expireInSeconds: number;
  /** How often an idle instance asks for one; a job stored by the same instance is taken at once. */
  pollSeconds: number;
  /** Whose slots it takes (default `jobs`): renders have their own (docs/jobs.md, "Concurrency"). */
  lane?: JobLane;
  /** Made on this schedule (cron, UTC) by whichever instance's turn it is, once for all of them. */
  cron?: string;
  /** The payload is a secret (a live link): the job is deleted once done instead of kept as history. */
  secret?: boolean;
  /**
   * Stored (with an empty payload) at every start. Its jobs share one singleton key in a queue that
   * holds at most one waiting (pg-boss policy 'short'): instances starting together store one.
   */
  atStart?: boolean;
}

const MINUTE = 60;

export const JOB_SETTINGS: Record<JobName, JobSettings> = {
  // Ten retries span 17 to 34 minutes: an SMTP server restarting or greylisting is waited out.
  mail: { retryLimit: 10, retryDelaySeconds: 1, expireInSeconds: 2 * MINUTE, pollSeconds: 1, secret: true },
  // Notice mails wait out an SMTP server's trouble like account mails; their payload is only ids.
  'notice-mail': { retryLimit: 10, retryDelaySeconds: 1, expireInSeconds: 2 * MINUTE, pollSeconds: 1 },
  'digest-mail': { retryLimit: 10, retryDelaySeconds: 1, expireInSeconds: 2 * MINUTE, pollSeconds: 1 },
  // Hourly on the hour: each reader's digest hour starts then in every whole-hour zone. A run
  // claims each notice once, so a retry or a second run sends nothing twice.
  'notice-digest': {
    retryLimit: 2,
    retryDelaySeconds: MINUTE,
    expireInSeconds: 10 * MINUTE,
    pollSeconds: 10,
    cron: '0 * * * *',
  },
  // A page takes seconds; one the store failed to take is tried again a few times.
  'render-page': {
    retryLimit: 4,
    retryDelaySeconds: 5,
    expireInSeconds: 15 * MINUTE,
    pollSeconds: 2,
    lane: 'renders',
  },
  // A batch is two statements; a start finds the work done after the first time.
  'backfill-renditions': {
    retryLimit: 4,
    retryDelaySeconds: 30,
    expireInSeconds: 10 * MINUTE,
    pollSeconds: 10,
    atStart: true,
  },
  // The hourly sweeps, spread over the hour; a failed one retries within minutes, then waits for the next.
  'purge-sessions': {
    retryLimit: 2,
    retryDelaySeconds: MINUTE,
    expireInSeconds: 10 * MINUTE,
    pollSeconds: 10,
    cron: '7 * * * *',
  },
  'purge-access-records': {
    retryLimit: 2,
    retryDelaySeconds: MINUTE,
    expireInSeconds: 10 * MINUTE,
    pollSeconds: 10,
    cron: '52 * * * *',
  },
  'sweep-orphan-files': {
    retryLimit: 2,
    retryDelaySeconds: MINUTE,
    expireInSeconds: 60 * MINUTE - 1,
    pollSeconds: 10,
    cron: '17 * * * *',
  },
  'sweep-unattached-uploads': {
    retryLimit: 2,
    retryDelaySeconds: MINUTE,
    expireInSeconds: 30 * MINUTE,
    pollSeconds: 10,
    cron: '47 * * * *',
  },
  'sweep-temp-files': {
    retryLimit: 2,
    retryDelaySeconds: MINUTE,
    expireInSeconds: 10 * MINUTE,
    pollSeconds: 10,
    cron: '27 * * * *',
  },
  // Claims make a second run harmless; a failed one is retried within minutes.
  'schedule-hourly': {
    retryLimit: 2,
    retryDelaySeconds: MINUTE,
    expireInSeconds: 30 * MINUTE,
    pollSeconds: 10,
    cron: '37 * * * *',
  },
};

/** How long a stop waits for running jobs; those still running are offered again after their expiry. */
const STOP_WAIT_MS = 5_000;

export interface JobQueue {
  /**
   * Stores jobs of `name`, one per payload. With `tx` they are stored in that transaction and exist
   * only once it commits: call `wake(name)` after the commit. The same statement runs whatever the
   * count, so a caller's timing does not tell whether it stored any.
   */
  send<N extends JobName>(
    name: N,
    payloads: JobPayloads[N] | JobPayloads[N][],
    /** `priority`: higher is taken first (default 0) among the jobs of `name` due. */
    options?: { tx?: Executor; priority?: number },
  ): Promise<void>;
  /**
   * Runs `handler` for every job of `name` this instance takes, and `giveUp` for one that failed
   * its last try (register before start).
   */
  work<N extends JobName>(name: N, handler: JobHandler<N>, giveUp?: GiveUpHandler<N>): void;
  /** Has this instance look for jobs of `name` now, rather than at its next poll. */
  wake(name: JobName): void;
  /** After the migrations: queues, schedules, then taking jobs. */
  start(): Promise<void>;
  /** Takes no more jobs, waits a moment for the running ones, then lets go of the database. */
  stop(): Promise<void>;
}

/** What services need of the queue: storing jobs. */
export type JobSender = Pick<JobQueue, 'send' | 'wake'>;

/**
 * A durable queue on the app's own database (pg-boss; docs/jobs.md): a job is a row, stored with
 * the change it belongs to, so it survives a restart or a kill; whichever instance is free takes
 * it, at most `lanes` at once per instance (renders apart from the rest).
 */
export function createJobQueue(
  database: Database,
  lanes: LaneSizes,
  log: JobLog,
  /** Multiplies every retry's wait (config.jobRetryDelayScale): 0 in tests that wait out the retries. */
  retryDelayScale = 1,
): JobQueue {
  const sqlRunner = closable(database.openSqlRunner());
  // Our migrations install pg-boss's tables (scripts/pg-boss-sql.ts): start() only checks them.
  const boss = new PgBoss({ db: sqlRunner, schema: JOBS_SCHEMA, migrate: false });
  boss.on('error', (err) => log.warn({ err }, 'job queue error'));
  const runner = createJobRunner(boss, lanes, log);
  const handlers = new Map<JobName, JobHandler<JobName>>();
  const giveUps = new Map<JobName, GiveUpHandler<JobName>>();
  let stopping: Promise<void> | null = null;

  const jobOptions = (name: JobName) => {
    const s = JOB_SETTINGS[name];
    return {
      retryLimit: s.retryLimit,
      retryDelay: s.retryDelaySeconds * retryDelayScale,
      // pg-boss waits at least a second before a retry with back-off: none when there is no wait.
      retryBackoff: retryDelayScale > 0,
      expireInSeconds: s.expireInSeconds,
      ...(s.atStart && { singletonKey: name }),
    };
  };

  /** Runs one job and stores how it went; never throws (the runner frees its slot after). */
  async function run(name: JobName, handler: JobHandler<JobName>, job: PgBoss.JobWithMetadata<unknown>) {
    const { secret } = JOB_SETTINGS[name];
    let outcome: () => Promise<void>;
    try {
      await handler(job.data as JobPayloads[JobName]);
      outcome = () => (secret ? boss.deleteJob(name, job.id) : boss.complete(name, job.id));
    } catch (err) {
      const last = job.retryCount >= job.retryLimit;
      const attempt = job.retryCount + 1;
      log[last ? 'error' : 'warn'](
        { err, job: name, id: job.id, attempt },
        last ? 'job failed for good' : 'job failed; it will be retried',
      );
      const reason = err instanceof Error ? err : { message: String(err) };
      if (last) await giveUp(name, job.data);
      outcome = () => (secret && last ? boss.deleteJob(name, job.id) : boss.fail(name, job.id, reason));
    }
    // Not stored (the database gone for a moment): the job stays active and is offered again
    // after its expiry.
    await outcome().catch((err: unknown) =>
      log.warn({ err, job: name, id: job.id }, 'job outcome not stored'),
    );
  }

  /** Runs the job's give-up handler; its own failure is logged (nothing is left to retry it). */
  async function giveUp(name: JobName, payload: unknown) {
    await giveUps
      .get(name)?.(payload as JobPayloads[JobName])
      .catch((err: unknown) => log.error({ err, job: name }, 'giving up a job failed'));
  }

  /** The queues, schedules and start-time jobs of JOB_SETTINGS, as they should be. */
  async function setUpQueues(): Promise<void> {
    const names = Object.keys(JOB_SETTINGS) as JobName[];
    const queues = new Set((await boss.getQueues()).map((q) => q.name));
    for (const name of names.filter((n) => !queues.has(n)))
      await boss.createQueue(name, { name, policy: JOB_SETTINGS[name].atStart ? 'short' : 'standard' });
    for (const name of names) {
      const { cron, atStart } = JOB_SETTINGS[name];
      if (cron) await boss.schedule(name, cron, undefined, { ...jobOptions(name), tz: 'UTC' });
      // One already waiting makes this one a no-op (the policy's unique index).
      if (atStart) await boss.insert([{ name, data: {}, ...jobOptions(name) }]);
    }
    // A job taken off the schedule above (or out of the list) is made no more.
    for (const { name } of await boss.getSchedules()) {
      if (!JOB_SETTINGS[name as JobName]?.cron) await boss.unschedule(name);
    }
  }

  return {
    async send(name, payloads, { tx, priority } = {}) {
      const list = Array.isArray(payloads) ? payloads : [payloads];
      const jobs = list.map((data) => ({ name, data: data as object, priority, ...jobOptions(name) }));
      await boss.insert(jobs, tx ? { db: transactionRunner(tx) } : {});
      if (!tx && jobs.length > 0) runner.wake(name);
    },
    work(name, handler, onGiveUp) {
      handlers.set(name, handler as JobHandler<JobName>);
      if (onGiveUp) giveUps.set(name, onGiveUp as GiveUpHandler<JobName>);
    },
    wake: (name) => runner.wake(name),
    async start() {
      await boss.start().catch((err: Error) => {
        throw new Error(`job queue: ${err.message} (docs/jobs.md, "Schema and upgrading pg-boss")`);
      });
      // Creating a queue is DDL (a partition of pg-boss's job table): instances starting together
      // on one database would deadlock doing it at once, so they take turns.
      await database.exclusively(setUpQueues);
      // One process at a time opens a PGlite folder (db/pglite-lock.ts): a job still active is one a
      // killed predecessor was running, offered again now rather than after its expiry.
      if (database.kind === 'pglite') {
        for (const { name, id } of await activeJobs(sqlRunner)) {
          await boss.fail(name, id, { message: 'the server stopped while running it' });
          // Killed during its last try: it is not offered again.
          const job = await boss.getJobById(name, id);
          if (job?.state === 'failed') await giveUp(name as JobName, job.data);
        }
      }
      for (const [name, handler] of handlers) {
        const { lane = 'jobs', pollSeconds } = JOB_SETTINGS[name];
        if (lanes[lane] === 0) continue;
        runner.poll(name, lane, pollSeconds * 1000, (job) => run(name, handler, job));
      }
    },
    stop() {
      stopping ??= (async () => {
        await runner.stop(STOP_WAIT_MS);
        await boss.stop({ graceful: true, close: false, timeout: STOP_WAIT_MS });
        await sqlRunner.close();
      })();
      return stopping;
    },
  };
}
