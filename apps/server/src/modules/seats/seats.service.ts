import {
  AccountStatus,
  type EditorialSeat,
  type InvitePeopleData,
  type Language,
  LIMITS,
  LoginAttr,
  memberKindText,
  NoticeKind,
  ProjectEventKind,
  type ProjectSeatsData,
  ProjectStatus,
  TeamInvitationStatus,
} from '@koma/shared';
import { badInput, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { isUniqueViolation } from '../../lib/sql-helpers.js';
import { invitationCapsOf } from '../invitations/invitation-caps.js';
import { recordInvitation } from '../invitations/invitation-events.js';
import * as invitations from '../invitations/invitations.repository.js';
import { matchIndexFor } from '../matching/match-index.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { checkMayTakeSeat, mayOfferSeat } from './seat-rules.js';
import * as repo from './seats.repository.js';

const DAY_MS = 86_400_000;
/** A seat is a place of the whole project: position 0, no chapter (the one-pending index's key). */
const SEAT_PART = { posId: 0, chapterId: null };

/**
 * The editorial seats, 副担当 and 編集長 (docs/access.md, "Editorial seats"): the founder or the
 * editor in charge offers one to an editor account through a team invitation, which the person
 * answers like any other (invitation-answers.service.ts); they take a seat from its holder, and a
 * holder leaves with `projects.leave`.
 */
export function createSeatsService(deps: Deps) {
  const { db } = deps;
  const caps = invitationCapsOf(deps);

  return {
    async ofProject(access: ProjectAccess, lang: Language): Promise<ProjectSeatsData> {
      const mayManage = access.isFounder || access.isEditor;
      const [seats, pending] = await Promise.all([
        repo.seatsOf(db, access.projectId),
        mayManage ? repo.pendingSeatsOf(db, access.projectId, new Date()) : [],
      ]);
      return {
        seats: seats.map((s) => ({
          user: { id: s.userId, nickname: s.nickname },
          seat: s.seat,
          seat_name: memberKindText(s.seat, lang),
        })),
        pending: pending.map((p) => ({
          id: p.id,
          invitee: { id: p.inviteeId ?? 0, nickname: p.inviteeName },
          inviter: { id: p.inviterId, nickname: p.inviterName },
          seat: p.seat ?? 0,
          seat_name: memberKindText(p.seat ?? 0, lang),
          expires_at: p.expiresAt.toISOString(),
        })),
        may_manage: mayManage,
      };
    },

    /** Editor accounts only: a seat is an editor's (read from the match index in memory). */
    async people(callerId: number, nick: string): Promise<InvitePeopleData> {
      const index = matchIndexFor(db);
      await index.fresh();
      const found = index.byNickname(nick, callerId, LIMITS.invitePeopleMax, LoginAttr.EDITOR);
      return { list: found.map((p) => ({ id: p.id, nickname: p.nickname })) };
    },

    /**
     * One transaction under the project's lock, counted against the hourly invitation caps (given
     * back when refused): the inviter may still offer seats, the person may take one, none waits
     * for them, and the project has room for one more invitation.
     */
    async invite(access: ProjectAccess, inviterId: number, userId: number, seat: EditorialSeat) {
      const { projectId } = access;
      if (userId === inviterId) throw badInput('inviteSelf');
      if (userId === access.founderId) throw badInput('inviteFounder');
      const person = await repo.accountOf(db, userId);
      if (!person) throw notFound();
      if (person.status !== AccountStatus.ACTIVE) throw badInput('inviteeUnavailable');
      if (person.loginattr !== LoginAttr.EDITOR) throw badInput('seatNeedsEditor');
      if (access.status === ProjectStatus.COMPLETED) throw conflict('invitationProjectCompleted');
      const notices: PendingNotice[] = [
        {
          userId,
          kind: NoticeKind.TEAM_INVITED,
          params: { project: access.title, seat, scope: '' },
          target: noticeTarget.invitations(),
        },
      ];
      const now = new Date();
      const expiresAt = new Date(now.getTime() + LIMITS.teamInvitationDays * DAY_MS);
      const giveBack = await caps.take(inviterId, projectId);
      try {
        await db.transaction(async (tx) => {
          const project = await invitations.lockProject(tx, projectId);
          if (!project) throw notFound();
          if (project.status === ProjectStatus.COMPLETED) throw conflict('invitationProjectCompleted');
          if (!(await mayOfferSeat(tx, access, inviterId))) throw forbidden();
          await checkMayTakeSeat(tx, projectId, userId);
          if (await invitations.clearSamePending(tx, projectId, { inviteeId: userId }, SEAT_PART, now))
            throw conflict('alreadyInvited');
          if ((await invitations.countOpenOfProject(tx, projectId, now)) >= LIMITS.teamInvitationsPendingMax)
            throw conflict('invitationsFull');
          await invitations.insertInvitation(tx, {
            projectId,
            chapterId: null,
            positionId: 0,
            seat,
            inviterId,
            inviteeId: userId,
            createdAt: now,
            expiresAt,
          });
          await recordInvitation(tx, ProjectEventKind.INVITATION_SENT, inviterId, {
            projectId,
            inviteeId: userId,
            positionId: 0,
            chapterTitle: null,
            seat,
          });
          await storeNotices(deps, tx, notices, inviterId);
        });
      } catch (err) {
        await giveBack();
        if (isUniqueViolation(err)) throw conflict('alreadyInvited');
        throw err;
      }
      pushNotices(deps, notices);
    },

    /** A waiting seat invitation of the project (409 once answered, withdrawn or expired). */
    async withdraw(access: ProjectAccess, callerId: number, invitationId: number): Promise<void> {
      const found = await invitations.findById(db, invitationId);
      if (!found || found.projectId !== access.projectId || found.seat === null) throw notFound();
      await db.transaction(async (tx) => {
        const closed = await invitations.closeInvitation(
          tx,
          invitationId,
          TeamInvitationStatus.WITHDRAWN,
          new Date(),
        );
        if (!closed) throw conflict('invitationClosed');
        await recordInvitation(tx, ProjectEventKind.INVITATION_WITHDRAWN, callerId, found);
      });
    },
  };
}
