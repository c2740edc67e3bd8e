import { AccountStatus, LiveEvent } from '@koma/shared';
import type { Db } from '../../db/client.js';
import type { LiveBus } from '../../infra/live-bus.js';
import { matchIndexFor } from '../matching/match-index.js';
import * as repo from './accounts.repository.js';
import { sessionCache } from './session-cache.js';

/** What an operator's disable or enable did. */
export type StatusChange = 'changed' | 'unchanged' | 'unknown';

interface StatusDeps {
  db: Db;
  live: Pick<LiveBus, 'publish'>;
}

/**
 * Operator actions on an account (issue 7: disabled accounts), run by `npm run admin`, which may
 * be another process than the servers. There is no API call for them: no role of the platform
 * may disable another person. Disabling ends everything at once:
 * - in one transaction the status becomes DISABLED and every session row is deleted, so each
 *   instance's next session lookup finds nothing (401 / 50014) and a login is refused with
 *   `accountDisabled`; this process's session cache forgets the user now, other instances' within
 *   its one-second lifetime (session-cache.ts);
 * - a SESSION_ENDED live event then reaches the user's open streams: with PostgreSQL through
 *   NOTIFY, which every instance LISTENs to, so the streams end whichever instance holds them;
 *   streams also re-check their session at each heartbeat, in case that event was missed.
 * With PGlite the command cannot run beside the server (the data folder is locked by it), so the
 * server is stopped and restarts with no session of the account left.
 */
export async function disableAccount({ db, live }: StatusDeps, email: string): Promise<StatusChange> {
  const user = await repo.findUserByEmail(db, email.trim().toLowerCase());
  if (!user) return 'unknown';
  const changed = await db.transaction(async (tx) => {
    // Conditional updates: a sign-up being confirmed at this moment cannot undo the disable.
    const done =
      (await repo.updateUserStatus(tx, user.id, AccountStatus.ACTIVE, AccountStatus.DISABLED)) ||
      (await repo.updateUserStatus(tx, user.id, AccountStatus.PROVISIONAL, AccountStatus.DISABLED));
    // Sessions go even when it was disabled already: whatever is left of them must not work.
    await repo.deleteSessionsOfUser(tx, user.id);
    return done;
  });
  sessionCache.forgetUser(user.id);
  live.publish(user.id, { event: LiveEvent.SESSION_ENDED });
  // Person searches on this instance drop them now; others follow users.updated_at.
  matchIndexFor(db).markStale();
  return changed ? 'changed' : 'unchanged';
}

/**
 * Lifts a disable: the account becomes ACTIVE (an operator's decision, also for an account that
 * was disabled before confirming its address). The person logs in again; no session comes back.
 */
export async function enableAccount({ db }: Pick<StatusDeps, 'db'>, email: string): Promise<StatusChange> {
  const user = await repo.findUserByEmail(db, email.trim().toLowerCase());
  if (!user) return 'unknown';
  const changed = await repo.updateUserStatus(db, user.id, AccountStatus.DISABLED, AccountStatus.ACTIVE);
  sessionCache.forgetUser(user.id);
  matchIndexFor(db).markStale();
  return changed ? 'changed' : 'unchanged';
}
