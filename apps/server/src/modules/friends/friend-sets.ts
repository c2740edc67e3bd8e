import { LRUCache } from 'lru-cache';
import { perDatabase } from '../../lib/per-database.js';
import { friendIdsOf } from './friends.repository.js';

/**
 * Whose friend the viewer is, as every member list marks it (the project detail tab): kept for at
 * most a second per viewer, one read however many ask. Making or ending a friendship deletes both
 * sides after committing; a read still running then answers its callers but is not kept.
 */
export const friendSetsFor = perDatabase(
  (db) =>
    new LRUCache<number, Set<number>>({
      ttl: 1000,
      max: 10_000,
      ignoreFetchAbort: true,
      fetchMethod: async (userId) => new Set(await friendIdsOf(db, userId)),
    }),
);
