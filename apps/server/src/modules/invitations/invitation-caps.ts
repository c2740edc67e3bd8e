import { type MessageKey, RATE_LIMITS } from '@koma/shared';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';

/** Gives back what `take` counted: the invitation was refused after all, so it sent no mail. */
export type GiveBack = () => Promise<void>;

export interface InvitationCaps {
  /**
   * Counts one invitation for its inviter and its project; 429 with the seconds until the window
   * ends (`retry-after`) when either hourly cap is used up, and then nothing stays counted.
   */
  take(inviterId: number, projectId: number): Promise<GiveBack>;
}

const perApp = new WeakMap<Deps['db'], InvitationCaps>();

/** Counts `key`; a refusal is the 429 of `refusal`, saying when one may try again. */
async function consume(limiter: RateLimiterAbstract, key: string, refusal: MessageKey): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooManyRequests(refusal, err.msBeforeNext);
    throw err;
  }
}

/**
 * The hourly caps on invitations (`RATE_LIMITS.invitationsPerInviter`, `invitationsPerProject`;
 * docs/access.md, "Inviting"), counted like every shared limit (docs/access.md, "How limits
 * count"). One pair per app: in memory, two limiters of the same name would count apart.
 */
export function invitationCapsOf({ db, limiters, config }: Pick<Deps, 'db' | 'limiters' | 'config'>) {
  const made = perApp.get(db);
  if (made) return made;
  const scaled = ({ max, windowMs }: { max: number; windowMs: number }) => ({
    max: max * config.rateLimitMultiplier,
    windowMs,
  });
  const byInviter = limiters('invitations-inviter', scaled(RATE_LIMITS.invitationsPerInviter));
  const byProject = limiters('invitations-project', scaled(RATE_LIMITS.invitationsPerProject));
  const caps: InvitationCaps = {
    async take(inviterId, projectId) {
      const [inviter, project] = [String(inviterId), String(projectId)];
      await consume(byInviter, inviter, 'invitationsPerInviterHour');
      try {
        await consume(byProject, project, 'invitationsPerProjectHour');
      } catch (err) {
        await byInviter.reward(inviter);
        throw err;
      }
      return async () => {
        await Promise.all([byInviter.reward(inviter), byProject.reward(project)]);
      };
    },
  };
  perApp.set(db, caps);
  return caps;
}
