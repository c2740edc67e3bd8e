import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { JobSender } from '../infra/jobs.js';
import type { LiveBus } from '../infra/live-bus.js';
import type { RateLimiters } from '../infra/rate-limiters.js';
import type { Storage } from '../infra/storage.js';

/** What services need from the outside world, handed to them explicitly. */
export interface Deps {
  db: Db;
  /** Work that should not hold a request (mail): stored as a job, done by whichever instance is free. */
  jobs: JobSender;
  live: LiveBus;
  /** Rate limiters: shared by every instance through PostgreSQL, in memory in the embedded mode. */
  limiters: RateLimiters;
  config: Config;
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
