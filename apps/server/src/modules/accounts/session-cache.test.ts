import { describe, expect, it } from 'vitest';
import { type CachedSession, SESSION_CACHE_TTL_MS, sessionCache } from './session-cache.js';

const T0 = 1_800_000_000_000;
const session = (userId: number, over: Partial<CachedSession> = {}): CachedSession => ({
  userId,
  nickname: `user${userId}`,
  loginattr: 1,
  roles: [1],
  sessionExpiresAt: T0 + 86_400_000,
  ...over,
});

describe('session cache', () => {
  it('serves a session for at most its time to live', () => {
    sessionCache.set('a', session(1), T0);
    expect(sessionCache.get('a', T0 + SESSION_CACHE_TTL_MS - 1, false)?.userId).toBe(1);
    expect(sessionCache.get('a', T0 + SESSION_CACHE_TTL_MS, false)).toBeUndefined();
    // Gone for good once stale.
    expect(sessionCache.get('a', T0, false)).toBeUndefined();
  });

  it('never outlives the session itself, nor answers for a clock set back', () => {
    sessionCache.set('b', session(2, { sessionExpiresAt: T0 + 10 }), T0);
    expect(sessionCache.get('b', T0 + 10, false)).toBeUndefined();
    sessionCache.set('c', session(3), T0);
    expect(sessionCache.get('c', T0 - SESSION_CACHE_TTL_MS - 1, false)).toBeUndefined();
  });

  it('answers a call that needs the account only when it holds one', () => {
    sessionCache.set('d', session(4), T0);
    expect(sessionCache.get('d', T0, true)).toBeUndefined();
    expect(sessionCache.get('d', T0, false)?.userId).toBe(4);
  });

  it('forgets one token, or every session of a user', () => {
    sessionCache.set('e1', session(5), T0);
    sessionCache.set('e2', session(5), T0);
    sessionCache.set('f', session(6), T0);
    sessionCache.forgetToken('e1');
    expect(sessionCache.get('e1', T0, false)).toBeUndefined();
    expect(sessionCache.get('e2', T0, false)).toBeDefined();
    sessionCache.forgetUser(5);
    expect(sessionCache.get('e2', T0, false)).toBeUndefined();
    expect(sessionCache.get('f', T0, false)?.userId).toBe(6);
  });

  it('stays bounded under any number of sessions, dropping the oldest', () => {
    for (let i = 0; i < 10_050; i += 1) sessionCache.set(`bulk${i}`, session(10_000 + i), T0);
    expect(sessionCache.get('bulk0', T0, false)).toBeUndefined();
    expect(sessionCache.get('bulk10049', T0, false)?.userId).toBe(20_049);
  });
});
