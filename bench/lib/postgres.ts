import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the benches make their throwaway databases on. */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the benches' PostgreSQL server. */
export function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `run` on a connection to the server's maintenance database. */
export async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database with a random name (`koma_bench_…`). */
export async function createDatabase(): Promise<{ name: string; url: string }> {
  const name = `koma_bench_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  return { name, url: databaseUrl(name) };
}

/** Drops a bench database, closing whatever connections are still open on it. */
export async function dropDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
}
