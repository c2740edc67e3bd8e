import type { Db } from '../../db/client.js';
import type { Storage } from '../../infra/storage.js';
import { originalOfRendition } from '../renditions/rendition-keys.js';
import { thumbnailKey } from './thumbnails.js';
import { existingKeys } from './uploads.repository.js';

/**
 * How old a file without an upload row must be before it is taken for an orphan: an upload
 * stores its file a moment before its row (thumbnail included), and another instance sharing the
 * folder may be in that moment right now.
 */
export const ORPHAN_GRACE_MS = 10 * 60_000;
const BATCH = 500;

/**
 * The original a stored file lives under the row of: an avatar's thumbnail and a page's renditions
 * (docs/renditions.md) sit beside their original; any other file is its own.
 */
function ownerOf(key: string): string {
  const rendered = originalOfRendition(key);
  if (rendered) return rendered;
  const original = key.replace(/\.\d+\.webp$/, '');
  return thumbnailKey(original) === key ? original : key;
}

/**
 * Removes stored files no upload row holds: a crash between storing a file and inserting its row,
 * or between deleting rows and removing their files (both in that order on purpose: a row never
 * points at nothing), leaves such a file behind. A public one would stay readable by its address.
 * Returns how many were removed.
 */
export async function removeOrphanFiles(db: Db, storage: Storage, now = new Date()): Promise<number> {
  if (!storage.listKeys) return 0;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = await existingKeys(db, [...new Set([...batch, ...batch.map(ownerOf)])]);
    for (const key of batch) {
      if (known.has(key) || known.has(ownerOf(key))) continue;
      await storage.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const key of storage.listKeys(ORPHAN_GRACE_MS, now)) {
    batch.push(key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}
