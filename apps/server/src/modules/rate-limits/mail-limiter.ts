import { RATE_LIMITS } from '@koma/shared';
import type { Deps } from '../../lib/deps.js';
import { type AttemptLimiter, attemptLimiter } from './attempt-limiter.js';

const perApp = new WeakMap<Deps['db'], AttemptLimiter>();

/**
 * The mails sent to one address (`RATE_LIMITS.mailPerEmail`): one count for every service that
 * mails an address someone typed (sign-up and reset links, team invitations), so no call can be
 * used to flood a stranger's mailbox (docs/access.md, "How limits count"). One limiter per app: in
 * memory, two limiters of the same name would count apart.
 */
export function mailLimiterOf({ db, limiters, config }: Pick<Deps, 'db' | 'limiters' | 'config'>) {
  let limiter = perApp.get(db);
  if (!limiter) {
    const { max, windowMs } = RATE_LIMITS.mailPerEmail;
    limiter = attemptLimiter(limiters('mail', { max: max * config.rateLimitMultiplier, windowMs }));
    perApp.set(db, limiter);
  }
  return limiter;
}
