import { type Language, RATE_LIMITS, type ReviewPagesData, type ViewerPage } from '@koma/shared';
import { badInput, forbidden, notFound, tooManyRequests } from '../../lib/app-error.js';
import { clientKey } from '../../lib/client-key.js';
import { hashToken, newToken } from '../../lib/crypto-tokens.js';
import type { Deps } from '../../lib/deps.js';
import { verifyPassword } from '../accounts/passwords.js';
import { readingDirectionOf } from '../projects/projects.repository.js';
import { attemptLimiter } from '../rate-limits/attempt-limiter.js';
import { viewerPagesOf } from '../workflow/chapter-viewer.service.js';
import { guestWatermarkOf, recordGuestRead } from './guest-access.js';
import type { Guest } from './guest-session.js';
import { linkState } from './review-link-state.js';
import * as repo from './review-links.repository.js';

const CLOSED = {
  revoked: 'reviewLinkWasRevoked',
  expired: 'reviewLinkExpired',
  usedUp: 'reviewLinkUsedUp',
} as const;

/** Only what the link shows: its pages, or the one page of its revision with that revision alone. */
export function pagesInScope(
  pages: ViewerPage[],
  link: { pageIds: readonly number[]; revisionId: number | null },
): ViewerPage[] {
  const { revisionId, pageIds } = link;
  if (revisionId !== null)
    return pages.flatMap((p) => {
      const revisions = p.revisions.filter((r) => r.id === revisionId);
      return revisions.length > 0 ? [{ ...p, revisions }] : [];
    });
  return pageIds.length === 0 ? pages : pages.filter((p) => pageIds.includes(p.id));
}

/**
 * The guest's side of review links (docs/access.md, "Review links"): opening a link by its token
 * (and its password) gives a guest token bound to that link alone; guest calls read only what the
 * link shows. Unknown tokens and wrong passwords are counted per client (and per link), like
 * wrong login passwords, in the shared counts.
 */
export function createReviewGuestsService(deps: Deps) {
  const { db, config } = deps;
  const scale = config.rateLimitMultiplier;
  const limiterOf = (name: string, limit: { max: number; windowMs: number }) =>
    attemptLimiter(deps.limiters(name, { max: limit.max * scale, windowMs: limit.windowMs }));
  const guessLimiter = limiterOf('review-guess', RATE_LIMITS.reviewLinkGuessesPerIp);
  const pairLimiter = limiterOf('review-pw-pair', RATE_LIMITS.reviewPasswordFailuresPerClientAndLink);
  const linkLimiter = limiterOf('review-pw-link', RATE_LIMITS.reviewPasswordFailuresPerLink);

  /** The open link a token names: 429 for a client that guessed too often, 404 unknown, 403 closed. */
  async function openLink(token: string, client: string) {
    if (await guessLimiter.isBlocked(client)) throw tooManyRequests('reviewGuessesLocked');
    const link = await repo.findLinkByToken(db, hashToken(token));
    if (!link) {
      await guessLimiter.hit(client);
      throw notFound();
    }
    const state = linkState(link, new Date());
    if (state !== 'active') throw forbidden(CLOSED[state]);
    return link;
  }

  async function checkPassword(link: repo.ReviewLinkRow, password: string, client: string) {
    if (!link.passwordHash) return;
    const limits = [
      [pairLimiter, `${client}|${link.id}`],
      [linkLimiter, String(link.id)],
    ] as const;
    const blocked = await Promise.all(limits.map(([limiter, key]) => limiter.isBlocked(key)));
    if (blocked.includes(true)) throw tooManyRequests('reviewPasswordLocked');
    if (await verifyPassword(link.passwordHash, password)) return;
    await Promise.all(limits.map(([limiter, key]) => limiter.hit(key)));
    throw badInput('reviewPasswordWrong');
  }

  return {
    async about(token: string, ip: string) {
      const link = await openLink(token, clientKey(ip));
      return { needsPassword: link.passwordHash !== null, comments: link.comments };
    },

    /** One view counted against the cap, and a guest token for this link alone. */
    async open(input: { token: string; name: string; password: string }, ip: string) {
      const client = clientKey(ip);
      const link = await openLink(input.token, client);
      await checkPassword(link, input.password, client);
      const { token, hash } = newToken();
      const now = new Date();
      await db.transaction(async (tx) => {
        if (!(await repo.countView(tx, link.id, now))) {
          // Closed between the read and the count (revoked, expired, or the last view taken).
          const again = await repo.findLinkByToken(tx, link.tokenHash);
          const state = again ? linkState(again, now) : 'revoked';
          throw forbidden(CLOSED[state === 'active' ? 'usedUp' : state]);
        }
        await repo.insertGuest(tx, { linkId: link.id, name: input.name, tokenHash: hash });
      });
      return { guestToken: token, name: input.name, expiresAt: link.expiresAt.toISOString() };
    },

    async pages(guest: Guest, lang: Language): Promise<ReviewPagesData> {
      const { link } = guest;
      const [titles, direction, all] = await Promise.all([
        repo.titlesOf(db, link.chapterId),
        readingDirectionOf(db, link.projectId),
        viewerPagesOf(deps, link.chapterId, lang, {
          downloads: link.downloads,
          watermark: await guestWatermarkOf(deps, guest),
          readerId: null,
        }),
      ]);
      if (!titles) throw notFound();
      const pages = pagesInScope(all, link);
      await recordGuestRead(deps, guest, { pageIds: pages.map((p) => p.id), downloads: link.downloads });
      return {
        ...titles,
        direction,
        guestName: guest.name,
        comments: link.comments,
        downloads: link.downloads,
        expiresAt: link.expiresAt.toISOString(),
        pages,
      };
    },
  };
}
