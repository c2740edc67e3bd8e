import { RENDERED_UPLOAD_TYPES } from '@koma/shared';
import type { Db } from '../../db/client.js';
import type { Storage } from '../../infra/storage.js';
import { deleteUnattached } from './uploads.repository.js';
import { discardStored } from './uploads.service.js';

/**
 * How long a page file may stay unattached (docs/files.md, "Unattached uploads"): a screen
 * uploads its file and puts it somewhere within seconds; a day leaves room for a hand-in held
 * up by a closed laptop, and nothing is rendered meanwhile.
 */
export const UNATTACHED_TTL_MS = 24 * 60 * 60_000;
const BATCH = 500;

/**
 * The sweep-unattached-uploads job: removes the page files (types 3, 11 and 15) uploaded more than
 * UNATTACHED_TTL_MS ago and never put anywhere, rows first, then their files and renditions.
 * Returns how many were removed.
 */
export async function removeUnattachedUploads(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_TTL_MS);
  let removed = 0;
  for (;;) {
    const keys = await deleteUnattached(db, RENDERED_UPLOAD_TYPES, before, BATCH);
    await discardStored(storage, keys);
    removed += keys.length;
    if (keys.length < BATCH) return removed;
  }
}
