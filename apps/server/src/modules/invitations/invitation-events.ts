import type { ProjectEventKind } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { insertProjectEvent } from '../projects/team.repository.js';

type InvitationEvent =
  | typeof ProjectEventKind.INVITATION_SENT
  | typeof ProjectEventKind.INVITATION_DECLINED
  | typeof ProjectEventKind.INVITATION_WITHDRAWN;

/**
 * An invitation's step in the project's activity, in the transaction that makes it. A mail
 * invitation no account has taken has no subject: its address is never written here, as every
 * member reads the activity (docs/access.md, "Inviting").
 */
export async function recordInvitation(
  tx: Executor,
  kind: InvitationEvent,
  actorId: number,
  invitation: {
    projectId: number;
    inviteeId: number | null;
    positionId: number;
    chapterTitle: string | null;
    /** An editorial seat's invitation: its seat (docs/access.md, "Editorial seats"). */
    seat?: number | null;
  },
): Promise<void> {
  await insertProjectEvent(tx, {
    projectId: invitation.projectId,
    kind,
    actorId,
    subjectId: invitation.inviteeId,
    positionId: invitation.positionId,
    chapterTitle: invitation.chapterTitle,
    seat: invitation.seat ?? null,
  });
}
