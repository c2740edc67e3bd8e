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

export type FirstAttached = Pick<UploadRow, 'id' | 'userId' | 'type'>;

/**
 * Marks the uploads of these keys attached now: those never attached before are answered (their
 * renders are queued), and every one's `attached_at` is moved to now, which also locks its row
 * against the sweep until the commit (unattached.ts). A row the sweep took meanwhile is not there
 * to mark: answers how many of the keys have a row.
 */
export async function markAttached(
  db: Executor,
  keys: string[],
): Promise<{ found: number; marked: FirstAttached[] }> {
  const marked = await db
    .update(uploads)
    .set({ attachedAt: sql`now()` })
    .where(and(inArray(uploads.key, keys), isNull(uploads.attachedAt)))
    .returning({ id: uploads.id, userId: uploads.userId, type: uploads.type });
  const all = await db
    .update(uploads)
    .set({ attachedAt: sql`now()` })
    .where(inArray(uploads.key, keys))
    .returning({ id: uploads.id });
  return { found: all.length, marked };
}

/**
 * What one account uploaded, for each of `windows` (some types since some time): how many files,
 * how many bytes. One read over the longest window (uploads_user_idx).
 */
export async function uploadedSince(
  db: Executor,
  userId: number,
  windows: { types: readonly number[]; since: Date }[],
): Promise<{ files: number; bytes: number }[]> {
  if (windows.length === 0) return [];
  const earliest = new Date(Math.min(...windows.map((w) => w.since.getTime())));
  const counted = (w: (typeof windows)[number]) =>
    sql`${inArray(uploads.type, [...w.types])} and ${uploads.createdAt} > ${w.since.toISOString()}`;
  const columns = windows.map(
    (w, i) =>
      sql`count(*) filter (where ${counted(w)})::int as ${sql.raw(`f${i}`)},
        coalesce(sum(${uploads.size}) filter (where ${counted(w)}), 0)::bigint as ${sql.raw(`b${i}`)}`,
  );
  const { rows } = await db.execute<Record<string, number | string>>(sql`
    select ${sql.join(columns, sql`, `)} from ${uploads}
    where ${uploads.userId} = ${userId} and ${uploads.createdAt} > ${earliest.toISOString()}`);
  const row = rows[0] ?? {};
  return windows.map((_, i) => ({ files: Number(row[`f${i}`] ?? 0), bytes: Number(row[`b${i}`] ?? 0) }));
}

/** One account's uploads of these types since `since`, oldest first: when, and how large. */
export async function uploadsSince(
  db: Executor,
  userId: number,
  types: readonly number[],
  since: Date,
): Promise<{ createdAt: Date; size: number }[]> {
  return db
    .select({ createdAt: uploads.createdAt, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.type, [...types]), gt(uploads.createdAt, since)))
    .orderBy(uploads.createdAt);
}
