import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database, Db } from './database-types.js';
import { acquirePgliteLock } from './pglite-lock.js';
import { seedReferenceLists } from './reference-seed.js';
import * as schema from './schema.js';

export type { Database, Db, Executor, SqlRunner, Tx } from './database-types.js';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
/**
 * The advisory lock key under which one instance at a time does its start-up work on a
 * PostgreSQL database (migrations, job queues).
 */
const START_UP_LOCK = 0x4b6f6d61;
/**
 * PGlite's buffer pool. initdb writes PostgreSQL's 128MB, and PGlite fills all of it at start:
 * 16MB kept an idle server ~120 MB smaller (bench/README.md, "Server start"), and the pages it no
 * longer caches stay in the operating system's file cache. Given at every start, so that data
 * folders made before this setting shrink too; passed to initdb, so that the first start does.
 */
const PGLITE_SHARED_BUFFERS = '16MB';
/** The job queue's polls, one per kind of job, and the completions of running jobs. */
const JOBS_POOL_SIZE = 4;

export interface OpenOptions {
  /**
   * In-memory PGlite only: start from this image of a data folder (`Database.image()`) instead of
   * an empty one. Tests copy one migrated database rather than run initdb and the migrations for
   * every app.
   */
  pgliteImage?: Blob;
}

export async function openDatabase(config: Config, { pgliteImage }: OpenOptions = {}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.pgliteDir, pgliteImage);
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can die under the pool (a database restart, an administrator): without a
  // listener node-postgres would crash the process. The pool opens a fresh one on the next query.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL closed an idle connection (${err.message}); a new one opens on the next query.`);
  });
  const db = drizzlePg(pool, { schema });
  async function exclusively<T>(work: () => Promise<T>): Promise<T> {
    const holder = await pool.connect();
    let broken: Error | undefined;
    try {
      await holder.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
      try {
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [START_UP_LOCK]).catch((err: Error) => {
          broken = err;
        });
      }
    } finally {
      // A connection that could not unlock is closed, which releases the lock with it.
      holder.release(broken);
    }
  }
  return {
    db,
    kind: 'postgres',
    pool,
    exclusively,
    async migrate() {
      // Instances starting together take turns: the first migrates, the next ones find it done.
      await exclusively(async () => {
        await migratePg(db, { migrationsFolder });
        await seedReferenceLists(db);
      });
    },
    async ping() {
      await pool.query('select 1');
    },
    openSqlRunner() {
      const own = new pg.Pool({ connectionString: url, max: JOBS_POOL_SIZE, application_name: 'koma-jobs' });
      own.on('error', (err) => {
        console.warn(`PostgreSQL closed an idle job-queue connection (${err.message}).`);
      });
      return {
        async executeSql(text, values) {
          // Several statements in one text answer one result each: the last one is the answer.
          const result = (await own.query(text, values)) as pg.QueryResult | pg.QueryResult[];
          return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
        },
        close: () => own.end(),
      };
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string | null, image: Blob | undefined): Promise<Database> {
  const release = dir ? acquirePgliteLock(dir) : () => {};
  try {
    // Loaded only in the embedded mode: the WebAssembly engine weighs ~35 MB of memory.
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    const initDbStartParams = ['--set', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    const options = { startParams, initDbStartParams };
    const client = dir ? new PGlite(dir, options) : new PGlite({ ...options, loadDataDir: image });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      exclusively: (work) => work(),
      async migrate() {
        await migratePglite(db as never, { migrationsFolder });
        await seedReferenceLists(db);
      },
      async ping() {
        await client.query('select 1');
      },
      image: () => client.dumpDataDir('none'),
      openSqlRunner() {
        return {
          async executeSql(text, values) {
            if (values?.length) return client.query<Record<string, unknown>>(text, values);
            // exec() takes several statements (pg-boss's maintenance runs as one text).
            const results = await client.exec(text);
            return results.at(-1) ?? { rows: [] };
          },
          close: async () => {},
        };
      },
      async close() {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
