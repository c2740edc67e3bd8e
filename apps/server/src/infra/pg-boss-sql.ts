import { type SQL, sql } from 'drizzle-orm';
import type { Executor, SqlRunner } from '../db/client.js';
import type { JobName } from './job-payloads.js';

/** The schema of pg-boss's tables, made by our migrations (scripts/pg-boss-sql.ts). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * The queue's runner with an end: `close()` waits until no statement pg-boss issued is running
 * (a worker's last poll, the completion it leads to), then refuses any later one. pg-boss does not
 * wait for those when it stops, and PGlite must not close under them.
 */
export function closable(runner: SqlRunner & { close(): Promise<void> }) {
  const running = new Set<Promise<unknown>>();
  let closed = false;
  return {
    executeSql(text: string, values?: unknown[]) {
      if (closed) return Promise.reject(new Error('the job queue is closed'));
      const result = runner.executeSql(text, values);
      const done = () => running.delete(result);
      result.then(done, done);
      running.add(result);
      return result;
    },
    async close() {
      // A statement that ends may start the next one (a poll, then the job's completion).
      while (running.size > 0) {
        await Promise.allSettled(running);
        await new Promise((resolve) => setImmediate(resolve));
      }
      closed = true;
      await runner.close();
    },
  };
}

/** The jobs marked as running, by any instance. */
export async function activeJobs(runner: SqlRunner): Promise<{ name: string; id: string }[]> {
  const { rows } = await runner.executeSql(`select name, id from ${JOBS_SCHEMA}.job where state = 'active'`);
  return rows as { name: string; id: string }[];
}

/**
 * A condition: a job of `name` whose payload (`data`, jsonb) meets `matches` waits, is due for a
 * retry or runs, in whichever instance. Read in a transaction, it sees the jobs stored with the
 * rows that transaction sees.
 */
export function jobWaiting(name: JobName, matches: (data: SQL) => SQL): SQL {
  return sql`exists (select 1 from ${sql.raw(JOBS_SCHEMA)}.job j
    where j.name = ${name} and j.state in ('created', 'retry', 'active') and ${matches(sql.raw('j.data'))})`;
}

/** pg-boss's statements inside one of our transactions, so a job is stored with the rows it is about. */
export function transactionRunner(tx: Executor): SqlRunner {
  return {
    async executeSql(text, values = []) {
      const result = await tx.execute(withParams(text, values));
      return { rows: result.rows as Record<string, unknown>[] };
    },
  };
}

/** `text` with $1… placeholders as a drizzle query binding `values` (nothing is spliced into the text). */
function withParams(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
  });
  return sql.join(chunks);
}
