import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type * as schema from './schema.js';

/** Both engines speak the same SQL through the same drizzle API; one type serves both. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a repository can run SQL on: the database or an open transaction. */
export type Executor = Db | Tx;

/** Plain SQL on the database, for a library that writes its own statements (pg-boss). */
export interface SqlRunner {
  /** `text` with $1… placeholders; without values it may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool `db` runs on, for a library that takes a pg client (rate limits). */
  pool?: pg.Pool;
  /**
   * A runner for the job queue (infra/jobs.ts): on PGlite the one connection everything shares;
   * on PostgreSQL a small pool of its own, so polling for jobs and requests never wait for each
   * other's connections. Closing it leaves the database open.
   */
  openSqlRunner(): SqlRunner & { close(): Promise<void> };
  /** Runs the committed migrations, then fills the reference lists. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance runs its own start-up work on this database (the
   * migrations, the job queues' set-up): instances starting together take turns, so their DDL
   * never deadlocks. One process holds a PGlite folder, so there it simply runs.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** PGlite only: the data folder as an image to open copies from (`OpenOptions.pgliteImage`). */
  image?(): Promise<Blob>;
  close(): Promise<void>;
}
