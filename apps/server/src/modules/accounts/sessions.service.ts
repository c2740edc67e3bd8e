import { AccountStatus, LIMITS } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { hashToken, newToken } from '../../lib/crypto-tokens.js';
import * as repo from './accounts.repository.js';
import { type CachedSession, sessionCache } from './session-cache.js';

export interface SessionUser {
  id: number;
  nickname: string;
  loginattr: number;
  roles: number[];
  /** The whole account, when the route asked for it (see Access and `withAccount` in plugins/auth). */
  account?: repo.OwnAccount;
}

const DAY_MS = 86_400_000;
/** A session is extended at most once an hour, so reads do not all turn into writes. */
const EXTEND_AFTER_MS = 3_600_000;

export async function createSession(db: Executor, userId: number, now = new Date()): Promise<string> {
  const { token, hash } = newToken();
  await repo.insertSession(db, hash, userId, new Date(now.getTime() + LIMITS.sessionDays * DAY_MS));
  return token;
}

/**
 * The user behind a token, extending the 30-day sliding expiry; null when unknown, expired or
 * revoked. `withAccount` reads the whole account in the same query.
 */
export async function resolveSession(
  db: Executor,
  token: string,
  now = new Date(),
  withAccount = false,
): Promise<SessionUser | null> {
  const hash = hashToken(token);
  const cached = sessionCache.get(hash, now.getTime(), withAccount);
  if (cached) return userOf(cached, withAccount);
  const withOwn = withAccount ? await repo.findLiveSessionWithAccount(db, hash, now) : undefined;
  const row = withAccount ? withOwn : await repo.findLiveSession(db, hash, now);
  if (!row || row.status !== AccountStatus.ACTIVE) return null;
  let sessionExpiresAt = row.expiresAt.getTime();
  if (now.getTime() - row.lastUsedAt.getTime() > EXTEND_AFTER_MS) {
    const expiresAt = new Date(now.getTime() + LIMITS.sessionDays * DAY_MS);
    await repo.extendSession(db, hash, now, expiresAt);
    sessionExpiresAt = expiresAt.getTime();
  }
  const session: CachedSession = {
    userId: row.userId,
    nickname: row.nickname,
    loginattr: row.loginattr,
    roles: row.roles,
    sessionExpiresAt,
  };
  if (withOwn) session.account = withOwn.account;
  sessionCache.set(hash, session, now.getTime());
  return userOf(session, withAccount);
}

/** A fresh object each time: a route may not change what the next call of the user reads. */
function userOf(session: CachedSession, withAccount: boolean): SessionUser {
  const user: SessionUser = {
    id: session.userId,
    nickname: session.nickname,
    loginattr: session.loginattr,
    roles: session.roles,
  };
  if (withAccount && session.account) user.account = session.account;
  return user;
}

export async function revokeSession(db: Executor, token: string): Promise<void> {
  const hash = hashToken(token);
  await repo.deleteSession(db, hash);
  sessionCache.forgetToken(hash);
}

/** Deletes every session past its expiry; answers how many. */
export function purgeExpiredSessions(db: Executor, now = new Date()): Promise<number> {
  return repo.deleteExpiredSessions(db, now);
}
