import { LoginAttr, TeamInvitationStatus } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { badInput, conflict, notFound } from '../../lib/app-error.js';
import { hashToken } from '../../lib/crypto-tokens.js';
import * as repo from './invitations.repository.js';

/**
 * The account a mail invitation's sign-up makes (docs/accounts.md, "Signing up from an
 * invitation"): an editor for an editorial seat, a creator wanting the offered position for a part.
 */
export function invitedAccountOf(offer: { seat: number | null; positionId: number }) {
  if (offer.seat !== null) return { loginAttr: LoginAttr.EDITOR, positions: [] };
  return { loginAttr: LoginAttr.CREATOR, positions: [offer.positionId] };
}

/**
 * The mail invitation whose link holds `token`, still open and sent to `email`: 404 for a token no
 * invitation has, 409 `invitationClosed` once answered, withdrawn or expired, 400
 * `invitationAddressMismatch` for another address. The link proves the address it went to, and
 * nothing else: an address typed instead of it would make an account nobody confirmed.
 */
export async function openInvitationFor(db: Executor, token: string, email: string) {
  const row = await repo.findByTokenHash(db, hashToken(token));
  if (!row?.email) throw notFound();
  if (row.status !== TeamInvitationStatus.PENDING || row.expiresAt <= new Date())
    throw conflict('invitationClosed');
  if (row.email.toLowerCase() !== email) throw badInput('invitationAddressMismatch');
  return invitedAccountOf(row);
}
