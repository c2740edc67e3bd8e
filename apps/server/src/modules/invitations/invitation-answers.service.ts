import {
  type InvitationLinkData,
  isEditorialSeat,
  type Language,
  NoticeKind,
  ProjectEventKind,
  ProjectStatus,
  TeamInvitationStatus,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { badInput, conflict, notFound } from '../../lib/app-error.js';
import { hashToken } from '../../lib/crypto-tokens.js';
import type { Deps } from '../../lib/deps.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { insertProjectEvent } from '../projects/team.repository.js';
import { forgetTeam } from '../projects/team.service.js';
import { checkMayTakeSeat, mayOfferSeat } from '../seats/seat-rules.js';
import { insertSeat } from '../seats/seats.repository.js';
import { recordInvitation } from './invitation-events.js';
import { inviterVerdict } from './invitation-rules.js';
import * as repo from './invitations.repository.js';
import { offeredPart } from './invitations.service.js';

/**
 * Answering an invitation (docs/access.md, "Inviting"): by the account it is addressed to, or by
 * whoever holds a mail invitation's link, which binds it to their account as they answer.
 */
export function createInvitationAnswersService(deps: Deps) {
  const { db } = deps;

  /**
   * Before an acceptance, in its transaction: the part is still the inviter's to offer (their
   * right, membership and scope: invitation-rules.ts), and the one accepting is not the editor in
   * charge. The project's row is locked for key share first, so an editor taking charge at the same
   * moment is seen or waits (projects.service.ts answerInvitation).
   */
  async function checkStillOffered(tx: Executor, row: repo.InvitationRow, userId: number) {
    const { projectId } = row;
    await repo.shareProject(tx, projectId);
    if (row.seat !== null) return checkSeatStillOffered(tx, row, userId);
    const part = { posId: row.positionId, chapterId: row.chapterId };
    const verdict = await inviterVerdict(tx, { projectId, founderId: row.founderId }, row.inviterId, part);
    if (verdict !== 'may') {
      // Withdrawn with the inviter's right (the usual case) is told as withdrawn.
      const current = await repo.findById(tx, row.id);
      const waiting =
        current &&
        repo.shownStatus(current.status, current.expiresAt, new Date()) === TeamInvitationStatus.PENDING;
      throw conflict(waiting ? 'invitationInviterLost' : 'invitationClosed');
    }
    if (await repo.isEditorInCharge(tx, projectId, userId)) throw conflict('inviteEditorInCharge');
  }

  /**
   * A seat (docs/access.md, "Editorial seats"): its inviter is still the founder or the editor in
   * charge, and the one accepting holds no editorial place nor creator part.
   */
  async function checkSeatStillOffered(tx: Executor, row: repo.InvitationRow, userId: number) {
    if (!(await mayOfferSeat(tx, row, row.inviterId))) throw conflict('invitationInviterLost');
    await checkMayTakeSeat(tx, row.projectId, userId);
  }

  /** The member row of what was accepted: a seat, or a creator's part; false when already held. */
  function joinAs(tx: Executor, row: repo.InvitationRow, userId: number) {
    if (row.seat !== null && isEditorialSeat(row.seat))
      return insertSeat(tx, row.projectId, userId, row.seat);
    return repo.insertMemberPart(tx, row.projectId, userId, {
      posId: row.positionId,
      chapterId: row.chapterId,
    });
  }

  /**
   * One transaction: the invitation closes only if it still waits and has not expired (409
   * otherwise, so two answers at once make one member); an accepted part becomes a member row
   * (none when the person holds it already) and a joining in the project's activity.
   */
  async function settle(row: repo.InvitationRow, userId: number, accept: boolean, bind: boolean) {
    const { projectId } = row;
    if (accept && row.projectStatus === ProjectStatus.COMPLETED) throw conflict('invitationProjectCompleted');
    const notices: PendingNotice[] = [
      {
        userId: row.inviterId,
        kind: accept ? NoticeKind.TEAM_INVITE_ACCEPTED : NoticeKind.TEAM_INVITE_DECLINED,
        params: {
          project: row.projectTitle,
          ...(row.seat === null ? { posId: row.positionId } : { seat: row.seat }),
          scope: row.chapterTitle ?? '',
        },
        target: noticeTarget.project(projectId),
      },
    ];
    const status = accept ? TeamInvitationStatus.ACCEPTED : TeamInvitationStatus.DECLINED;
    await db.transaction(async (tx) => {
      if (accept) await checkStillOffered(tx, row, userId);
      if (!(await repo.closeInvitation(tx, row.id, status, new Date(), bind ? userId : undefined)))
        throw conflict('invitationClosed');
      if (!accept)
        await recordInvitation(tx, ProjectEventKind.INVITATION_DECLINED, userId, { ...row, inviteeId: null });
      if (accept && (await joinAs(tx, row, userId)))
        await insertProjectEvent(tx, {
          projectId,
          kind: ProjectEventKind.MEMBER_JOINED,
          actorId: row.inviterId,
          subjectId: userId,
          positionId: row.positionId,
          chapterTitle: row.chapterTitle,
          seat: row.seat,
        });
      await storeNotices(deps, tx, notices, userId);
    });
    if (accept) forgetTeam(db, projectId);
    pushNotices(deps, notices);
    return { projectId };
  }

  /** A link's invitation; 404 for a token no invitation has. */
  async function byToken(token: string) {
    const row = await repo.findByTokenHash(db, hashToken(token));
    if (!row) throw notFound();
    return row;
  }

  return {
    /** Only the invited account may answer: anyone else is told nothing of it (404). */
    async answer(userId: number, invitationId: number, accept: boolean) {
      const row = await repo.findById(db, invitationId);
      if (!row || row.inviteeId !== userId) throw notFound();
      return settle(row, userId, accept, false);
    },

    async link(token: string, lang: Language): Promise<InvitationLinkData> {
      const row = await byToken(token);
      return {
        project_title: row.projectTitle,
        inviter: row.inviterName,
        ...offeredPart(row, lang),
        status: repo.shownStatus(row.status, row.expiresAt, new Date()),
        expires_at: row.expiresAt.toISOString(),
        email: row.email,
      };
    },

    /**
     * The founder cannot take a link of her project, nor its inviter their own (400); whoever else
     * holds it answers as themselves.
     */
    async answerLink(userId: number, token: string, accept: boolean) {
      const row = await byToken(token);
      if (userId === row.founderId || userId === row.inviterId) throw badInput('ownInvitation');
      return settle(row, userId, accept, true);
    },
  };
}
