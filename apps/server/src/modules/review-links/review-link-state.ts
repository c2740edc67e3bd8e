import type { ReviewLinkScope, ReviewLinkState } from '@koma/shared';

interface LinkFacts {
  revokedAt: Date | null;
  expiresAt: Date;
  views: number;
  maxViews: number;
  pageIds: readonly number[];
  revisionId: number | null;
}

/**
 * Where a review link stands (docs/access.md, "Review links"): revoked and expired are final;
 * used up only stops new opens, the guests who opened it keep reading until it expires.
 * Nothing is stored but the facts, so nothing has to sweep.
 */
export function linkState(link: LinkFacts, now: Date): ReviewLinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt <= now) return 'expired';
  if (link.views >= link.maxViews) return 'usedUp';
  return 'active';
}

/** Whether a guest who opened the link may still read through it. */
export const guestMayRead = (link: LinkFacts, now: Date): boolean => !link.revokedAt && link.expiresAt > now;

export function linkScope(link: LinkFacts): ReviewLinkScope {
  if (link.revisionId !== null) return 'revision';
  return link.pageIds.length > 0 ? 'pages' : 'chapter';
}
