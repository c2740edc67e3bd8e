import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { LiveBus } from '../infra/live-bus.js';
import type { Mailer } from '../infra/mailer.js';
import type { Storage } from '../infra/storage.js';

/** What services need from the outside world, handed to them explicitly. */
export interface Deps {
  db: Db;
  mailer: Mailer;
  live: LiveBus;
  config: Config;
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
