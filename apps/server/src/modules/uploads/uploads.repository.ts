import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { uploads } from './uploads.table.js';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export async function insertUpload(db: Executor, upload: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(upload).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findUploadByKey(db: Executor, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row;
}

/** Of `keys`, those an upload row holds. */
export async function existingKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, keys));
  return new Set(rows.map((r) => r.key));
}

/** The upload rows of these keys (unknown keys are left out). */
export async function uploadsByKeys(db: Executor, keys: string[]): Promise<UploadRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(uploads).where(inArray(uploads.key, keys));
}

/**
 * Marks the uploads of these keys attached, those not yet (conditionally: a row the sweep took
 * meanwhile is not there to mark). Answers how many of the keys have a row, and those just marked.
 */
export async function markAttached(
  db: Executor,
  keys: string[],
): Promise<{ found: number; marked: Pick<UploadRow, 'id' | 'userId' | 'type'>[] }> {
  const marked = await db
    .update(uploads)
    .set({ attachedAt: sql`now()` })
    .where(and(inArray(uploads.key, keys), isNull(uploads.attachedAt)))
    .returning({ id: uploads.id, userId: uploads.userId, type: uploads.type });
  const [counted] = await db
    .select({ found: sql<number>`count(*)::int` })
    .from(uploads)
    .where(inArray(uploads.key, keys));
  return { found: counted?.found ?? 0, marked };
}

/** What one account uploaded of these types since `since`: how many files, how many bytes. */
export async function uploadedSince(
  db: Executor,
  userId: number,
  types: readonly number[],
  since: Date,
): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint`,
    })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.type, [...types]), gt(uploads.createdAt, since)));
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/**
 * Deletes up to `limit` uploads of these types never attached and stored before `before`; their
 * keys, for their files to go after the commit. An attachment in progress holds the row: this
 * waits for it, then finds it attached and leaves it.
 */
export async function deleteUnattached(
  db: Executor,
  types: readonly number[],
  before: Date,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.execute<{ key: string }>(sql`
    delete from ${uploads} where ${uploads.id} in (
      select ${uploads.id} from ${uploads}
      where ${uploads.attachedAt} is null and ${uploads.createdAt} < ${before.toISOString()}
        and ${inArray(uploads.type, [...types])}
      order by ${uploads.createdAt} limit ${limit}
      for update skip locked)
      and ${uploads.attachedAt} is null
    returning ${uploads.key} as key`);
  return rows.map((r) => r.key);
}
