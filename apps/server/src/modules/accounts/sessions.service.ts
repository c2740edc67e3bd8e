import { AccountStatus, LIMITS } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { hashToken, newToken } from '../../lib/crypto-tokens.js';
import * as repo from './accounts.repository.js';

export interface SessionUser {
  id: number;
  nickname: string;
  loginattr: number;
  roles: number[];
}

const DAY_MS = 86_400_000;
/** A session is extended at most once an hour, so reads do not all turn into writes. */
const EXTEND_AFTER_MS = 3_600_000;

export async function createSession(db: Executor, userId: number, now = new Date()): Promise<string> {
  const { token, hash } = newToken();
  await repo.insertSession(db, hash, userId, new Date(now.getTime() + LIMITS.sessionDays * DAY_MS));
  return token;
}

/** The user behind a token, extending the 30-day sliding expiry; null when unknown, expired or revoked. */
export async function resolveSession(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<SessionUser | null> {
  const hash = hashToken(token);
  const row = await repo.findLiveSession(db, hash, now);
  if (!row || row.status !== AccountStatus.ACTIVE) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > EXTEND_AFTER_MS) {
    await repo.extendSession(db, hash, now, new Date(now.getTime() + LIMITS.sessionDays * DAY_MS));
  }
  return { id: row.userId, nickname: row.nickname, loginattr: row.loginattr, roles: row.roles };
}

export async function revokeSession(db: Executor, token: string): Promise<void> {
  await repo.deleteSession(db, hashToken(token));
}
