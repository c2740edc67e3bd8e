import type { Db } from '../../db/client.js';
import type { Storage } from '../../infra/storage.js';
import { deleteUnreferenced } from './references.repository.js';
import { discardStored } from './uploads.service.js';

/**
 * How long an upload may stay where nothing holds it (docs/files.md, "Unattached uploads"): a
 * screen uploads its file and puts it somewhere within seconds; a day leaves room for a hand-in
 * held up by a closed laptop, and for a page still showing a replaced avatar.
 */
export const UNATTACHED_TTL_MS = 24 * 60 * 60_000;
const BATCH = 500;

/**
 * The sweep-unattached-uploads job: removes the uploads of every type that no row holds (never put
 * anywhere, or no longer: a replaced avatar, a deleted folder's file) once UNATTACHED_TTL_MS have
 * passed since their upload or their last attachment, rows first, then their files, thumbnails
 * and renditions. Returns how many were removed.
 */
export async function removeUnattachedUploads(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_TTL_MS);
  let removed = 0;
  for (;;) {
    const keys = await deleteUnreferenced(db, before, BATCH);
    await discardStored(storage, keys);
    removed += keys.length;
    if (keys.length < BATCH) return removed;
  }
}
