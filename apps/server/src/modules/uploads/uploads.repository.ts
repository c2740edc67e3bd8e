import { eq, inArray } from 'drizzle-orm';
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
