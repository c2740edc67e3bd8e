import { LIMITS, RENDERED_UPLOAD_TYPES } from '@koma/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tooManyRequests } from '../../lib/app-error.js';
import { uploadedSince } from './uploads.repository.js';

const HOUR_MS = 60 * 60_000;
/** The advisory lock class of one account's page uploads (its second key is the account's id). */
const QUOTA_LOCK = 0x6b6f6d61;

/** Page files (rendered types) count against the hourly quota; avatars and folder files do not. */
export const countsAgainstQuota = (type: number) =>
  (RENDERED_UPLOAD_TYPES as readonly number[]).includes(type);

/**
 * 429 `uploadQuota` when the account has uploaded LIMITS.pageUploadsPerHour page files, or
 * LIMITS.pageUploadBytesPerHour bytes of them, in the last hour, counting `adding` more bytes
 * (0 before the file is read, so a full quota refuses before a byte is stored). With `lock`
 * (inside the transaction that stores the row) an account's uploads take turns, so two at once
 * cannot both pass the last place (docs/files.md, "Quota").
 */
export async function checkUploadQuota(
  db: Executor,
  userId: number,
  adding: { files: number; bytes: number },
  /** `scale`: config.rateLimitMultiplier, as for every other limit (tests raise them). */
  { lock = false, scale = 1 } = {},
): Promise<void> {
  if (lock) await db.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${userId})`);
  const since = new Date(Date.now() - HOUR_MS);
  const used = await uploadedSince(db, userId, RENDERED_UPLOAD_TYPES, since);
  const files = used.files + adding.files;
  const bytes = used.bytes + adding.bytes;
  if (files > LIMITS.pageUploadsPerHour * scale || bytes > LIMITS.pageUploadBytesPerHour * scale)
    throw tooManyRequests('uploadQuota');
}
