import { perDatabase } from '../../lib/per-database.js';
import { ShortLivedCache } from '../../lib/short-lived-cache.js';
import { friendIdsOf } from './friends.repository.js';

/**
 * Whose friend the viewer is, as every member list marks it (the project detail tab): kept for at
 * most a second per viewer. Making or ending a friendship forgets both sides after committing.
 */
export const friendSetsFor = perDatabase(
  (db) => new ShortLivedCache(async (userId: number) => new Set(await friendIdsOf(db, userId)), 1000, 10_000),
);
