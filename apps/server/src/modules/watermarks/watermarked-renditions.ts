import { AccessKind, LIMITS } from '@koma/shared';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/deps.js';
import { perDatabase } from '../../lib/per-database.js';
import { recordAccess } from '../access-record/access-record.service.js';
import { patternOf, patternSizeOf, watermarkPicture, watermarkText } from './watermark-image.js';
import { findCode, type WatermarkCodeRow } from './watermarks.repository.js';

/** A code's row, kept a minute: every tile of a viewer names the same one. */
const codesOf = perDatabase(
  (db: Db) =>
    new LRUCache<string, WatermarkCodeRow>({
      max: 5_000,
      ttl: 60_000,
      fetchMethod: async (code) => findCode(db, code),
    }),
);

/**
 * Watermarked pictures, all viewers together, bounded by bytes (LIMITS.watermarkCacheBytes): a
 * viewer zooming back and forth is served from memory; the least used go first.
 */
const pictures = new LRUCache<string, Buffer>({
  maxSize: LIMITS.watermarkCacheBytes,
  sizeCalculation: (b) => Math.max(1, b.length),
});

/** Empties the marked pictures kept: the bench measures each composite afresh (bench/watermark.ts). */
export const forgetWatermarkedPictures = () => pictures.clear();

const kindOf = (file: string) =>
  file === 'thumb.webp' ? AccessKind.THUMB : file === 'preview.webp' ? AccessKind.PREVIEW : AccessKind.TILES;

export const lookupCode = (db: Db, code: string) => codesOf(db).fetch(code);

/**
 * A rendition file as served to the viewer a code names: the picture with the viewer's
 * watermark, and the look recorded. The descriptor (tiles.dzi) is served as stored. Null when the
 * code is unknown.
 */
export async function watermarkedRendition(
  deps: Pick<Deps, 'db'>,
  served: { key: string; original: string; file: string; code: string; ip: string; download?: boolean },
  read: () => Promise<Buffer | null>,
): Promise<Buffer | null> {
  const viewer = await lookupCode(deps.db, served.code);
  if (!viewer) return null;
  if (!served.file.endsWith('.webp')) return read();
  const actor =
    viewer.userId !== null
      ? { userId: viewer.userId }
      : { reviewLinkId: viewer.reviewLinkId ?? 0, guestName: viewer.guestName ?? '' };
  const kind = served.download ? AccessKind.ORIGINAL : kindOf(served.file);
  const [picture] = await Promise.all([
    pictureFor(served, viewer, read),
    recordAccess(deps, {
      projectId: viewer.projectId,
      kind,
      actor,
      ip: served.ip,
      file: { key: served.original },
      code: served.code,
    }),
  ]);
  return picture;
}

async function pictureFor(
  served: { key: string; file: string; code: string },
  viewer: WatermarkCodeRow,
  read: () => Promise<Buffer | null>,
): Promise<Buffer | null> {
  const cacheKey = `${served.code}|${served.key}`;
  const kept = pictures.get(cacheKey);
  if (kept) return kept;
  const stored = await read();
  if (!stored) return null;
  const pattern = await patternOf(
    watermarkText(viewer.name, viewer.day, viewer.code),
    patternSizeOf(served.file),
  );
  const made = await watermarkPicture(stored, pattern);
  pictures.set(cacheKey, made);
  return made;
}
