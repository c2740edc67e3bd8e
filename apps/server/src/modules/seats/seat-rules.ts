import { MemberKind } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/app-error.js';
import { shareMemberRows } from '../invitations/invitations.repository.js';
import { holdsEditorialPlace } from './seats.repository.js';

/**
 * Whether `inviterId` may (still) offer a seat: the founder, or the editor in charge, whose rows
 * are locked for share so a removal or leaving committing at the same moment is seen or waits
 * (docs/access.md, "Editorial seats").
 */
export async function mayOfferSeat(
  tx: Executor,
  at: { projectId: number; founderId: number },
  inviterId: number,
): Promise<boolean> {
  if (inviterId === at.founderId) return true;
  const rows = await shareMemberRows(tx, at.projectId, inviterId);
  return rows.some((r) => r.kind === MemberKind.EDITOR);
}

/**
 * The person may take a seat: they hold neither the editor's charge nor a seat (409
 * `alreadyHoldsSeat`), nor a creator's part (409 `seatHolderHasPart`). Their rows are locked for
 * share, so a part given to them at the same moment is seen or waits.
 */
export async function checkMayTakeSeat(tx: Executor, projectId: number, userId: number): Promise<void> {
  const rows = await shareMemberRows(tx, projectId, userId);
  if (holdsEditorialPlace(rows)) throw conflict('alreadyHoldsSeat');
  if (rows.some((r) => r.kind === MemberKind.MEMBER)) throw conflict('seatHolderHasPart');
}
