import type { Executor } from '../../db/client.js';
import { friendIdsOf } from './friends.repository.js';

/**
 * Whose friend the viewer is, as every member list marks it (the project detail tab): kept for at
 * most TTL_MS per viewer. Making or ending a friendship through this instance forgets both sides
 * at once (friends.service calls forget() after committing); another instance's change shows
 * within TTL_MS.
 */
const TTL_MS = 1000;
/** Bounds memory however many people look: the oldest entries go first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  ids: Promise<Set<number>>;
  until: number;
}

class FriendSets {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly db: Executor) {}

  /** One read however many ask at once; a failed read is not kept. */
  get(userId: number, now = Date.now()): Promise<Set<number>> {
    const entry = this.entries.get(userId);
    if (entry && now < entry.until) return entry.ids;
    const ids = friendIdsOf(this.db, userId).then((list) => new Set(list));
    const fresh: Entry = { ids, until: now + TTL_MS };
    this.entries.delete(userId);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, fresh);
    ids.catch(() => {
      if (this.entries.get(userId) === fresh) this.entries.delete(userId);
    });
    return ids;
  }

  /** After a committed change of friendship between these people. */
  forget(...userIds: number[]): void {
    for (const id of userIds) this.entries.delete(id);
  }
}

const caches = new WeakMap<Executor, FriendSets>();

/** The cache of this database (each test app has its own). */
export function friendSetsFor(db: Executor): FriendSets {
  let cache = caches.get(db);
  if (!cache) {
    cache = new FriendSets(db);
    caches.set(db, cache);
  }
  return cache;
}
