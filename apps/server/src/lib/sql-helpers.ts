import { type SQL, sql } from 'drizzle-orm';

/** A smallint[] literal built from bound parameters (works the same on PGlite and PostgreSQL). */
export function smallintArray(ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`'{}'::smallint[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::smallint[]`;
}

/** A LIKE pattern that matches `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const UNIQUE_VIOLATION = '23505';

/** True when a unique index refused the write (both drivers report the SQLSTATE as `code`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}
