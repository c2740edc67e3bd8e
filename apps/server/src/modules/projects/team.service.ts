import {
  type ChangeMember,
  isEditorialSeat,
  type Language,
  LIMITS,
  MemberKind,
  type MemberWorkData,
  memberKindText,
  NoticeKind,
  POSITIONS,
  ProjectEventKind,
  type ProjectEventsData,
  referenceName,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { badInput, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { withdrawInvitationsOf } from '../invitations/invitation-rules.js';
import { revokeInviter } from '../invitations/inviters.repository.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { approversFor } from '../workflow/approvers-cache.js';
import { positionHolders, userBrief } from '../workflow/workflow.repository.js';
import { projectActivityFor } from './project-cards.js';
import { projectDetailsFor } from './project-details-cache.js';
import type { ProjectAccess } from './projects.policy.js';
import type { MemberPart } from './team.repository.js';
import * as team from './team.repository.js';

/** Events that name a part held or offered, whose chapter they show (an invitation, a joining, a change). */
const PART_EVENTS: ReadonlySet<string> = new Set([
  ProjectEventKind.MEMBER_JOINED,
  ProjectEventKind.MEMBER_CHANGED,
  ProjectEventKind.INVITATION_SENT,
  ProjectEventKind.INVITATION_DECLINED,
  ProjectEventKind.INVITATION_WITHDRAWN,
  // What the founder and the editorial side change (docs/access.md, "Editorial seats"): the
  // chapter, or the whole project for its print specification.
  ProjectEventKind.DEADLINE_MOVED,
  ProjectEventKind.CHAPTER_CHANGED,
  ProjectEventKind.DUE_MOVED,
  ProjectEventKind.BUFFER_CHANGED,
  ProjectEventKind.PRINT_SPEC_CHANGED,
]);

type Leaving = typeof ProjectEventKind.MEMBER_LEFT | typeof ProjectEventKind.MEMBER_REMOVED;

const samePart = (a: MemberPart, b: MemberPart) => a.posId === b.posId && a.chapterId === b.chapterId;
/** Whether a part lets its holder own a step of this position in this chapter. */
const covers = (part: MemberPart, step: { positionId: number; chapterId: number }) =>
  part.posId === step.positionId && (part.chapterId === null || part.chapterId === step.chapterId);

/**
 * Who may take a step of a position in a chapter: that position's holders for the project or that
 * chapter, and the founder, who may take any (as in the flow's plan: workflow-assignment.service.ts).
 */
export async function stepCandidates(
  db: Executor,
  projectId: number,
  founderId: number,
  chapterId: number,
  positionId: number,
) {
  const [holders, founder] = await Promise.all([
    positionHolders(db, projectId, chapterId),
    userBrief(db, founderId),
  ]);
  const list = founder ? [{ id: founder.id, nickname: founder.nickname }] : [];
  for (const h of holders) {
    if (h.positionId === positionId && !list.some((m) => m.id === h.userId))
      list.push({ id: h.userId, nickname: h.nickname });
  }
  return list;
}

/** Forgets what shows the team (detail tab, cards, approvers' names) once a change committed. */
export function forgetTeam(db: Parameters<typeof projectDetailsFor>[0], projectId: number): void {
  projectDetailsFor(db).delete(projectId);
  projectActivityFor(db).delete(projectId);
  approversFor(db).delete(projectId);
}

export function createTeamService(deps: Deps) {
  const { db } = deps;

  /**
   * Removal and leaving: the member's rows are locked first, so a plan or hand-over giving them a
   * step waits (team.repository.ts shareMemberRows); the open steps are then counted in a statement
   * of their own, which sees every step committed before the lock.
   */
  async function leaveOrRemove(
    access: ProjectAccess,
    userId: number,
    actorId: number,
    kind: Leaving,
    seatOnly = false,
  ) {
    const { projectId } = access;
    if (userId === access.founderId) throw badInput('founderCannotLeave');
    const notices: PendingNotice[] = [];
    const target = noticeTarget.project(projectId);
    const told = kind === ProjectEventKind.MEMBER_REMOVED ? userId : access.founderId;
    notices.push({
      userId: told,
      kind: kind === ProjectEventKind.MEMBER_REMOVED ? NoticeKind.MEMBER_REMOVED : NoticeKind.MEMBER_LEFT,
      params: { project: access.title },
      target,
    });
    await db.transaction(async (tx) => {
      const rows = await team.lockMemberRows(tx, projectId, userId);
      if (rows.length === 0) throw notFound();
      // The editor in charge takes seats, not creators' parts (docs/access.md, "Editorial seats").
      if (seatOnly && !rows.some((r) => isEditorialSeat(r.kind))) throw notFound();
      if ((await team.countOpenSteps(tx, projectId, userId)) > 0) throw conflict('memberHasOpenSteps');
      // The right to invite ends with the membership, and with it what they offered; what was
      // offered to them is withdrawn too, so no older invitation brings them back (docs/access.md,
      // "Inviting"). Withdrawn before the rows go: withdrawing waits for an acceptance committing
      // meanwhile, so the deletion that follows also sees, and deletes, the part it added.
      await withdrawInvitationsOf(tx, projectId, actorId, { sentBy: userId });
      await withdrawInvitationsOf(tx, projectId, actorId, { addressedTo: userId });
      await team.deleteMemberRows(tx, projectId, userId);
      await revokeInviter(tx, projectId, userId);
      await team.insertProjectEvent(tx, {
        projectId,
        kind,
        actorId,
        subjectId: kind === ProjectEventKind.MEMBER_REMOVED ? userId : null,
      });
      await storeNotices(deps, tx, notices, actorId);
    });
    forgetTeam(db, projectId);
    pushNotices(deps, notices);
  }

  return {
    async memberWork(access: ProjectAccess, callerId: number, userId: number, lang: Language) {
      // Who is in the team is no secret to its members: someone outside it is 404 to all of them.
      const person = await userBrief(db, userId);
      if (!person || (userId !== access.founderId && !(await isMember(db, access.projectId, userId))))
        throw notFound();
      if (!access.isFounder && callerId !== userId) throw forbidden();
      const steps = await team.openStepsOf(db, access.projectId, userId);
      const candidates = new Map<string, { id: number; nickname: string }[]>();
      for (const s of steps) {
        const key = `${s.chapterId}:${s.positionId}`;
        if (!candidates.has(key))
          candidates.set(
            key,
            await stepCandidates(db, access.projectId, access.founderId, s.chapterId, s.positionId),
          );
      }
      const data: MemberWorkData = {
        user_id: userId,
        nickname: person.nickname,
        steps: steps.map((s) => ({
          step_id: s.stepId,
          chapter_id: s.chapterId,
          chapter_title: s.chapterTitle,
          page_num: s.pageNum,
          pos_id: s.positionId,
          position: referenceName(POSITIONS, s.positionId, lang),
          status: s.status,
          candidates: (candidates.get(`${s.chapterId}:${s.positionId}`) ?? []).filter((c) => c.id !== userId),
        })),
      };
      return data;
    },

    removeMember: (founder: ProjectAccess, founderId: number, userId: number) =>
      leaveOrRemove(founder, userId, founderId, ProjectEventKind.MEMBER_REMOVED),

    /** The founder or the editor in charge takes an editorial seat from its holder: a removal like any other. */
    removeSeat: (access: ProjectAccess, actorId: number, userId: number) =>
      leaveOrRemove(access, userId, actorId, ProjectEventKind.MEMBER_REMOVED, true),

    /**
     * Turns one part a member holds into another. The member's rows are locked first, as for a
     * removal; a step of theirs that no part they would still hold covers must be handed over
     * first (docs/access.md, "Changing a part").
     */
    async changeMember(founder: ProjectAccess, founderId: number, body: ChangeMember) {
      const { projectId } = founder;
      const { userId, from, to } = body;
      if (samePart(from, to)) return;
      const chapterTitle =
        to.chapterId === null ? null : await team.chapterTitleIn(db, projectId, to.chapterId);
      if (to.chapterId !== null && chapterTitle === null) throw badInput('chapterNotFound');
      const notices: PendingNotice[] = [
        {
          userId,
          kind: NoticeKind.MEMBER_CHANGED,
          params: { project: founder.title, posId: to.posId, scope: chapterTitle ?? '' },
          target: noticeTarget.project(projectId),
        },
      ];
      await db.transaction(async (tx) => {
        const rows = await team.lockMemberRows(tx, projectId, userId);
        const parts = rows
          .filter((r) => r.kind === MemberKind.MEMBER)
          .map((r) => ({ posId: r.positionId, chapterId: r.chapterId }));
        if (!parts.some((p) => samePart(p, from))) throw notFound();
        if (parts.some((p) => samePart(p, to))) throw conflict('alreadyHoldsPosition');
        const kept = [...parts.filter((p) => !samePart(p, from)), to];
        const open = await team.openStepsOf(tx, projectId, userId);
        if (open.some((step) => !kept.some((part) => covers(part, step))))
          throw conflict('memberPositionOpenSteps');
        if (!(await team.changeMemberPart(tx, projectId, userId, from, to))) throw notFound();
        await team.insertProjectEvent(tx, {
          projectId,
          kind: ProjectEventKind.MEMBER_CHANGED,
          actorId: founderId,
          subjectId: userId,
          positionId: to.posId,
          chapterTitle,
        });
        await storeNotices(deps, tx, notices, founderId);
      });
      forgetTeam(db, projectId);
      pushNotices(deps, notices);
    },

    leave: (member: ProjectAccess, userId: number) =>
      leaveOrRemove(member, userId, userId, ProjectEventKind.MEMBER_LEFT),

    async events(access: ProjectAccess, page: number, lang: Language): Promise<ProjectEventsData> {
      const size = LIMITS.projectEventsPageSize;
      const [rows, total] = await Promise.all([
        team.projectEventsPage(db, access.projectId, size, (page - 1) * size),
        team.countProjectEvents(db, access.projectId),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          actor: { id: r.actorId, nickname: r.actorName },
          subject: r.subjectId ? { id: r.subjectId, nickname: r.subjectName ?? '' } : null,
          recipient: r.recipientId ? { id: r.recipientId, nickname: r.recipientName ?? '' } : null,
          position: r.seat
            ? memberKindText(r.seat, lang)
            : r.positionId
              ? referenceName(POSITIONS, r.positionId, lang)
              : null,
          chapter_title: PART_EVENTS.has(r.kind) ? r.chapterTitle : null,
          step:
            r.chapterTitle !== null && r.pageNum !== null
              ? { chapter_title: r.chapterTitle, page_num: r.pageNum }
              : null,
          at: r.createdAt.toISOString(),
        })),
        total,
        page_size: size,
      };
    },
  };
}

async function isMember(db: Executor, projectId: number, userId: number): Promise<boolean> {
  return (await team.memberRowsOf(db, projectId, userId)).length > 0;
}
