import { LRUCache } from 'lru-cache';
import type { OwnAccount } from './accounts.repository.js';

/**
 * Every API call with a token resolves its session; at the rates of issue 6 that lookup is a
 * large share of a light call's cost. It is kept here for at most TTL_MS, keyed by the token's
 * hash. Whatever ends or changes a session on this instance (logout, password reset, profile
 * edits, closing the first-login dialog, disabling) forgets it at once; other instances serve a
 * changed session for at most TTL_MS more, a window short enough to count as "at once" for a
 * person and still long enough that a page's burst of calls costs one lookup.
 */
export const SESSION_CACHE_TTL_MS = 1000;
/** Bounds memory whatever the traffic. */
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  userId: number;
  nickname: string;
  loginattr: number;
  roles: number[];
  account?: OwnAccount;
  /** Of the session itself: an entry never outlives it. */
  sessionExpiresAt: number;
}

interface Entry {
  session: CachedSession;
  until: number;
}

/**
 * Freshness is checked by hand against the caller's clock (the request's `now`, which tests set):
 * lru-cache's ttl reads its own clock. The library bounds the entries, least recently used first.
 */
const entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });

export const sessionCache = {
  /** The cached session, when it is fresh (and holds the account when `withAccount`). */
  get(tokenHash: string, now: number, withAccount: boolean): CachedSession | undefined {
    const entry = entries.get(tokenHash);
    if (!entry) return undefined;
    if (
      now >= entry.until ||
      now >= entry.session.sessionExpiresAt ||
      now < entry.until - SESSION_CACHE_TTL_MS
    ) {
      entries.delete(tokenHash);
      return undefined;
    }
    if (withAccount && !entry.session.account) return undefined;
    return entry.session;
  },

  set(tokenHash: string, session: CachedSession, now: number): void {
    entries.set(tokenHash, { session, until: now + SESSION_CACHE_TTL_MS });
  },

  forgetToken(tokenHash: string): void {
    entries.delete(tokenHash);
  },

  /** After a change to the account or its sessions: every session of that user reads anew. */
  forgetUser(userId: number): void {
    const hashes = [...entries.entries()].filter(([, entry]) => entry.session.userId === userId);
    for (const [hash] of hashes) entries.delete(hash);
  },
};
