import { UPLOAD_QUOTAS } from '@koma/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tooManyRequests } from '../../lib/app-error.js';
import { uploadedSince, uploadsSince } from './uploads.repository.js';

/** The advisory lock class of one account's uploads (its second key is the account's id). */
const QUOTA_LOCK = 0x6b6f6d61;

type Quota = (typeof UPLOAD_QUOTAS)[number];
interface Adding {
  files: number;
  bytes: number;
}

/** The rules that count an upload of this type. */
const quotasOf = (type: number) => UPLOAD_QUOTAS.filter((q) => (q.types as readonly number[]).includes(type));

/**
 * 429 with the rule's message when an upload of `type` would pass any of UPLOAD_QUOTAS (docs/files.md,
 * "Quota") for the account, counting `adding` (bytes 0 before the file is read, so a full quota
 * refuses before a byte is stored); the message says when the upload would fit. With `lock`
 * (inside the transaction that stores the row) an account's uploads take turns, so two at once
 * cannot both pass the last place.
 */
export async function checkUploadQuota(
  db: Executor,
  userId: number,
  type: number,
  adding: Adding,
  /** `scale`: config.rateLimitMultiplier, as for every other limit (tests raise them). */
  { lock = false, scale = 1, now = new Date() } = {},
): Promise<void> {
  if (lock) await db.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${userId})`);
  const quotas = quotasOf(type);
  const used = await uploadedSince(
    db,
    userId,
    quotas.map((q) => ({ types: q.types, since: new Date(now.getTime() - q.windowMs) })),
  );
  for (const [i, quota] of quotas.entries()) {
    const { files, bytes } = used[i] ?? { files: 0, bytes: 0 };
    if (fits(quota, scale, { files: files + adding.files, bytes: bytes + adding.bytes })) continue;
    throw tooManyRequests(quota.message, await waitFor(db, userId, quota, adding, scale, now));
  }
}

const fits = (quota: Quota, scale: number, total: Adding) =>
  total.files <= quota.files * scale && total.bytes <= quota.bytes * scale;

/**
 * How long until `adding` fits `quota`: the window's uploads leave it oldest first, each at its
 * upload's time plus the window.
 */
async function waitFor(db: Executor, userId: number, quota: Quota, adding: Adding, scale: number, now: Date) {
  const recent = await uploadsSince(db, userId, quota.types, new Date(now.getTime() - quota.windowMs));
  let files = recent.length + adding.files;
  let bytes = recent.reduce((sum, r) => sum + r.size, adding.bytes);
  for (const upload of recent) {
    files -= 1;
    bytes -= upload.size;
    if (fits(quota, scale, { files, bytes }))
      return upload.createdAt.getTime() + quota.windowMs - now.getTime();
  }
  return quota.windowMs;
}
