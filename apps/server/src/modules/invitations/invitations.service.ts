import {
  type InvitePeopleData,
  invitationLinkPath,
  type inviteByMailBody,
  type inviteMemberBody,
  type Language,
  LIMITS,
  type MyInvitationsData,
  memberKindText,
  NoticeKind,
  POSITIONS,
  ProjectEventKind,
  type ProjectInvitationsData,
  ProjectStatus,
  referenceName,
  TeamInvitationStatus,
  teamInvitationMailTexts,
} from '@koma/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { badInput, conflict, forbidden, notFound, tooManyRequests } from '../../lib/app-error.js';
import { newToken } from '../../lib/crypto-tokens.js';
import type { Deps } from '../../lib/deps.js';
import { isUniqueViolation } from '../../lib/sql-helpers.js';
import { linkMessage } from '../accounts/account-mails.js';
import { matchIndexFor } from '../matching/match-index.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { chapterTitleIn, type MemberPart } from '../projects/team.repository.js';
import { mailLimiterOf } from '../rate-limits/mail-limiter.js';
import { invitationCapsOf } from './invitation-caps.js';
import { recordInvitation } from './invitation-events.js';
import { inviterVerdict } from './invitation-rules.js';
import * as repo from './invitations.repository.js';

const DAY_MS = 86_400_000;

/**
 * The part an invitation offers, named for the screen in the reader's language; an editorial seat
 * reads as its name, for the whole project (docs/access.md, "Editorial seats").
 */
export function offeredPart(
  row: { positionId: number; chapterId: number | null; chapterTitle: string | null; seat: number | null },
  lang: Language,
) {
  return {
    pos_id: row.positionId,
    position: row.seat ? memberKindText(row.seat, lang) : referenceName(POSITIONS, row.positionId, lang),
    chapter_id: row.chapterId,
    chapter_title: row.chapterId === null ? null : row.chapterTitle,
  };
}

/**
 * Inviting (docs/access.md, "Inviting"): the founder, or a member she allowed to invite, offers a
 * part to an account or, by a link mailed to an address, to someone who may have no account yet;
 * lists and withdraws them. Each is recorded in the project's activity, a mail invitation without
 * its address. The answers are in invitation-answers.service.ts.
 */
export function createInvitationsService(deps: Deps) {
  const { db, jobs, config } = deps;
  const mailLimiter = mailLimiterOf(deps);
  const caps = invitationCapsOf(deps);

  /** The chapter's title for a chapter part (null for the whole project); 400 when not the project's. */
  async function scopeOf(access: ProjectAccess, part: MemberPart): Promise<string | null> {
    if (part.chapterId === null) return null;
    const title = await chapterTitleIn(db, access.projectId, part.chapterId);
    if (title === null) throw badInput('chapterNotFound');
    return title;
  }

  /**
   * Inside the transaction, under the project's lock: the project still takes invitations, the
   * inviter may still invite and offer this part, the same person (or address) has none waiting
   * for this part, and the project has room for one more.
   */
  async function checkRoom(
    tx: Executor,
    inviter: ProjectAccess,
    inviterId: number,
    to: { inviteeId: number } | { email: string },
    part: MemberPart,
    now: Date,
  ) {
    const { projectId } = inviter;
    const project = await repo.lockProject(tx, projectId);
    if (!project) throw notFound();
    if (project.status === ProjectStatus.COMPLETED) throw conflict('invitationProjectCompleted');
    const verdict = await inviterVerdict(tx, inviter, inviterId, part);
    if (verdict !== 'may') throw forbidden(verdict === 'outsideScope' ? 'inviteOutsideScope' : 'forbidden');
    if (await repo.clearSamePending(tx, projectId, to, part, now)) throw conflict('alreadyInvited');
    if ((await repo.countOpenOfProject(tx, projectId, now)) >= LIMITS.teamInvitationsPendingMax)
      throw conflict('invitationsFull');
  }

  /**
   * Runs `make` counted against the hourly caps (given back when it is refused); a twin made at
   * the same moment loses on the one-pending unique index.
   */
  async function oncePending<T>(inviter: ProjectAccess, inviterId: number, make: () => Promise<T>) {
    const giveBack = await caps.take(inviterId, inviter.projectId);
    try {
      return await make();
    } catch (err) {
      await giveBack();
      if (isUniqueViolation(err)) throw conflict('alreadyInvited');
      throw err;
    }
  }

  const timesOf = () => {
    const now = new Date();
    return { now, expiresAt: new Date(now.getTime() + LIMITS.teamInvitationDays * DAY_MS) };
  };

  return {
    async invite(
      inviter: ProjectAccess,
      inviterId: number,
      body: z.output<typeof inviteMemberBody>,
    ): Promise<void> {
      const { projectId } = inviter;
      const { userId, part } = body;
      if (userId === inviterId) throw badInput('inviteSelf');
      if (userId === inviter.founderId) throw badInput('inviteFounder');
      const person = await repo.inviteeOf(db, userId);
      if (!person) throw notFound();
      if (!person.active) throw badInput('inviteeUnavailable');
      const chapterTitle = await scopeOf(inviter, part);
      if (inviter.status === ProjectStatus.COMPLETED) throw conflict('invitationProjectCompleted');
      const notices: PendingNotice[] = [
        {
          userId,
          kind: NoticeKind.TEAM_INVITED,
          params: { project: inviter.title, posId: part.posId, scope: chapterTitle ?? '' },
          target: noticeTarget.invitations(),
        },
      ];
      const { now, expiresAt } = timesOf();
      await oncePending(inviter, inviterId, () =>
        db.transaction(async (tx) => {
          await checkRoom(tx, inviter, inviterId, { inviteeId: userId }, part, now);
          // Every part is a creator's: the editor in charge is never given one (docs/access.md).
          if (await repo.isEditorInCharge(tx, projectId, userId)) throw conflict('inviteEditorInCharge');
          if (await repo.holdsPart(tx, projectId, userId, part)) throw conflict('alreadyHoldsPosition');
          await repo.insertInvitation(tx, {
            projectId,
            chapterId: part.chapterId,
            positionId: part.posId,
            inviterId,
            inviteeId: userId,
            createdAt: now,
            expiresAt,
          });
          await recordInvitation(tx, ProjectEventKind.INVITATION_SENT, inviterId, {
            projectId,
            inviteeId: userId,
            positionId: part.posId,
            chapterTitle,
          });
          await storeNotices(deps, tx, notices, inviterId);
        }),
      );
      pushNotices(deps, notices);
    },

    /**
     * The link's secret goes only into the mail; the row keeps its hash. The same happens whether
     * or not the address has an account, so the answer tells nothing of it; the mail counts
     * against the address's mail limit.
     */
    async inviteByMail(
      inviter: ProjectAccess,
      inviterId: number,
      body: z.output<typeof inviteByMailBody>,
      lang: Language,
    ): Promise<void> {
      const { projectId } = inviter;
      const { email, part } = body;
      const chapterTitle = await scopeOf(inviter, part);
      if (inviter.status === ProjectStatus.COMPLETED) throw conflict('invitationProjectCompleted');
      const { token, hash } = newToken();
      const { now, expiresAt } = timesOf();
      const words = teamInvitationMailTexts(lang, {
        inviter: await repo.nicknameOf(db, inviterId),
        project: inviter.title,
        position: referenceName(POSITIONS, part.posId, lang),
        chapter: chapterTitle,
        expires: expiresAt,
      });
      const link = `${config.publicUrl}${invitationLinkPath(token)}`;
      await oncePending(inviter, inviterId, () =>
        db.transaction(async (tx) => {
          await checkRoom(tx, inviter, inviterId, { email }, part, now);
          // Counted once the invitation would be made: a refused one uses none of the address's mails.
          if (!(await mailLimiter.hit(email))) throw tooManyRequests();
          await repo.insertInvitation(tx, {
            projectId,
            chapterId: part.chapterId,
            positionId: part.posId,
            inviterId,
            email,
            tokenHash: hash,
            createdAt: now,
            expiresAt,
          });
          await recordInvitation(tx, ProjectEventKind.INVITATION_SENT, inviterId, {
            projectId,
            inviteeId: null,
            positionId: part.posId,
            chapterTitle,
          });
          await jobs.send('mail', [linkMessage(words, email, link, lang)], { tx });
        }),
      );
      jobs.wake('mail');
    },

    /** Read from the match index in memory (matching/match-index.ts): no scan of the users table. */
    async people(callerId: number, nick: string): Promise<InvitePeopleData> {
      const index = matchIndexFor(db);
      await index.fresh();
      const found = index.byNickname(nick, callerId, LIMITS.invitePeopleMax);
      return { list: found.map((p) => ({ id: p.id, nickname: p.nickname })) };
    },

    /** An address is shown only to the founder and to whoever mailed it (docs/access.md, "Inviting"). */
    async ofProject(
      access: ProjectAccess,
      callerId: number,
      lang: Language,
    ): Promise<ProjectInvitationsData> {
      const now = new Date();
      const since = new Date(now.getTime() - LIMITS.teamInvitationsShownDays * DAY_MS);
      const rows = await repo.ofProject(db, access.projectId, since);
      return {
        list: rows.map((r) => {
          const mine = access.isFounder || r.inviterId === callerId;
          const status = repo.shownStatus(r.status, r.expiresAt, now);
          return {
            id: r.id,
            invitee: r.inviteeId === null ? null : { id: r.inviteeId, nickname: r.inviteeName ?? '' },
            email: r.inviteeId === null && mine ? r.email : null,
            inviter: { id: r.inviterId, nickname: r.inviterName },
            withdrawable: mine && status === TeamInvitationStatus.PENDING,
            ...offeredPart(r, lang),
            status,
            created_at: r.createdAt.toISOString(),
            expires_at: r.expiresAt.toISOString(),
          };
        }),
      };
    },

    /**
     * Only a waiting one: an answered, withdrawn or expired one is 409. The founder may withdraw
     * any, another inviter only their own (403). The invitee's to-do goes.
     */
    async withdraw(access: ProjectAccess, callerId: number, invitationId: number): Promise<void> {
      const found = await repo.findById(db, invitationId);
      if (!found || found.projectId !== access.projectId) throw notFound();
      if (!access.isFounder && found.inviterId !== callerId) throw forbidden();
      await db.transaction(async (tx) => {
        if (!(await repo.closeInvitation(tx, invitationId, TeamInvitationStatus.WITHDRAWN, new Date())))
          throw conflict('invitationClosed');
        await recordInvitation(tx, ProjectEventKind.INVITATION_WITHDRAWN, callerId, found);
      });
    },

    async mine(userId: number, lang: Language): Promise<MyInvitationsData> {
      const rows = await repo.openOfInvitee(db, userId, new Date());
      return {
        list: rows.map((r) => ({
          id: r.id,
          project: { id: r.projectId, title: r.projectTitle },
          inviter: { id: r.inviterId, nickname: r.inviterName },
          ...offeredPart(r, lang),
          created_at: r.createdAt.toISOString(),
          expires_at: r.expiresAt.toISOString(),
        })),
      };
    },
  };
}
