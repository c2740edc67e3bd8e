import { GUEST_HEADER } from '@koma/shared';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { forbidden, notLoggedIn } from '../../lib/app-error.js';
import { hashToken } from '../../lib/crypto-tokens.js';
import { guestMayRead } from './review-link-state.js';
import { findGuest, type ReviewLinkRow } from './review-links.repository.js';

/** The guest of a review link a guest call comes from (Who.GUEST), with the link it opened. */
export interface Guest {
  id: number;
  name: string;
  link: ReviewLinkRow;
}

function guestToken(request: FastifyRequest): string | null {
  const header = request.headers[GUEST_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 200 ? token : null;
}

/**
 * The caller of a Who.GUEST endpoint (http/implement.ts): 401 without a guest token or with one
 * that names no guest, 403 once its link is revoked or expired (docs/access.md, "Review links").
 * Read on every call, never cached: a revocation holds from the next request on.
 */
export async function requireGuest(db: Executor, request: FastifyRequest): Promise<Guest> {
  const token = guestToken(request);
  const found = token ? await findGuest(db, hashToken(token)) : null;
  if (!found) throw notLoggedIn();
  if (!guestMayRead(found.link, new Date())) throw forbidden('reviewLinkClosed');
  return { id: found.guest.id, name: found.guest.name, link: found.link };
}
