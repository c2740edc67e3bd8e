import { inviteScopeOf, isEditorialSeat, MemberKind, ProjectEventKind, scopeHolds } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/app-error.js';
import type { MemberPart } from '../projects/team.repository.js';
import { recordInvitation } from './invitation-events.js';
import * as repo from './invitations.repository.js';
import { holdsInviteRight } from './inviters.repository.js';

/** What an inviter is to a part: may offer it, no longer may invite at all, or may not offer this one. */
export type InviterVerdict = 'may' | 'noRight' | 'outsideScope';

/**
 * Whether `inviterId` may (still) offer `part` in the project (docs/access.md, "Inviting"): the
 * founder any part; a member she allowed to invite only parts within their own scope
 * (`inviteScopeOf`). Run inside the transaction that makes or accepts the invitation: the inviter's
 * rows are locked for share, so a removal, a taking back of the right or a change of their part
 * committing at the same moment either comes first (and is seen here) or waits for this one (and
 * then withdraws what it made).
 */
export async function inviterVerdict(
  tx: Executor,
  at: { projectId: number; founderId: number },
  inviterId: number,
  part: MemberPart,
): Promise<InviterVerdict> {
  if (inviterId === at.founderId) return 'may';
  const rows = await repo.shareMemberRows(tx, at.projectId, inviterId);
  if (rows.length === 0 || !(await holdsInviteRight(tx, at.projectId, inviterId))) return 'noRight';
  const scope = inviteScopeOf({
    isFounder: false,
    isEditor: rows.some((r) => r.kind === MemberKind.EDITOR),
    parts: rows.filter((r) => r.kind === MemberKind.MEMBER),
  });
  return scopeHolds(scope, part) ? 'may' : 'outsideScope';
}

/**
 * Withdraws the project's waiting invitations a person sent (`sentBy`: their right or membership
 * ended) or that are addressed to them (`addressedTo`: they left, were removed, or took charge as
 * editor), each recorded in the activity as withdrawn by `actorId`, in the caller's transaction.
 */
export async function withdrawInvitationsOf(
  tx: Executor,
  projectId: number,
  actorId: number,
  whose: { sentBy: number } | { addressedTo: number },
): Promise<number> {
  const which = 'sentBy' in whose ? repo.sentBy(whose.sentBy) : repo.addressedTo(whose.addressedTo);
  const closed = await repo.withdrawOpen(tx, projectId, which, new Date());
  const titles = await repo.chapterTitles(tx, [
    ...new Set(closed.flatMap((c) => (c.chapterId === null ? [] : [c.chapterId]))),
  ]);
  for (const c of closed)
    await recordInvitation(tx, ProjectEventKind.INVITATION_WITHDRAWN, actorId, {
      projectId,
      inviteeId: c.inviteeId,
      positionId: c.positionId,
      chapterTitle: c.chapterId === null ? null : (titles.get(c.chapterId) ?? null),
      seat: c.seat,
    });
  return closed.length;
}

/** Whether the person holds a creator part (any position) in the project. */
export async function holdsCreatorPart(db: Executor, projectId: number, userId: number) {
  return (await repo.shareMemberRows(db, projectId, userId)).some((r) => r.kind === MemberKind.MEMBER);
}

/**
 * Before an editor takes charge of the project, in that transaction: the project's row is locked
 * for update, so a team invitation being accepted at the same moment (which locks it for key share)
 * comes first or waits; an editor holding a creator part is refused (409 `editorHoldsPart`), and
 * the team invitations addressed to them are withdrawn: the editor in charge holds no creator part
 * (docs/access.md, "Inviting").
 */
export async function beforeEditorTakesCharge(tx: Executor, projectId: number, editorId: number) {
  await repo.lockProject(tx, projectId);
  const rows = await repo.shareMemberRows(tx, projectId, editorId);
  if (rows.some((r) => r.kind === MemberKind.MEMBER)) throw conflict('editorHoldsPart');
  // A seat holder leaves the seat before taking charge (docs/access.md, "Editorial seats").
  if (rows.some((r) => isEditorialSeat(r.kind))) throw conflict('alreadyHoldsSeat');
  await withdrawInvitationsOf(tx, projectId, editorId, { addressedTo: editorId });
}
