import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../plugins/mailer.js';

/** What services need from the outside world, handed to them explicitly. */
export interface Deps {
  db: Db;
  mailer: Mailer;
  config: Config;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
