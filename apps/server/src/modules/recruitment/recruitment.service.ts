import {
  ApplicationStatus,
  CHAPTER_LEVEL_POSITIONS,
  type Language,
  MemberKind,
  NoticeKind,
  POSITIONS,
  PROJECT_LEVEL_POSITIONS,
  ProjectEventKind,
  type RecruitDetail,
  RecruitKind,
  RecruitState,
  type recruitAddBody,
  referenceName,
} from '@koma/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { badInput, conflict, notFound } from '../../lib/app-error.js';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import type { Deps } from '../../lib/deps.js';
import { isUniqueViolation } from '../../lib/sql-helpers.js';
import * as chaptersRepo from '../chapters/chapters.repository.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { openingsFor } from '../projects/openings.js';
import { projectDetailsFor } from '../projects/project-details-cache.js';
import { type ProjectAccess, projectAccess } from '../projects/projects.policy.js';
import * as projectsRepo from '../projects/projects.repository.js';
import { insertProjectEvent } from '../projects/team.repository.js';
import { approversFor } from '../workflow/approvers-cache.js';
import * as repo from './recruitment.repository.js';
import { recruitState } from './recruitment-state.js';

type AddInput = z.output<typeof recruitAddBody>;
interface Target {
  projectId: number;
  kind: number;
  chapterId?: number | null;
}

export function createRecruitmentService(deps: Deps) {
  const { db } = deps;

  /** Chapter recruitment (kind 2) names a chapter of the same project. */
  async function chapterOf(t: Target): Promise<number | null> {
    if (t.kind === RecruitKind.PROJECT) return null;
    if (!t.chapterId || !(await chaptersRepo.findChapter(db, t.projectId, t.chapterId))) {
      throw badInput('recruitChapterRequired');
    }
    return t.chapterId;
  }

  /** Recruitments as the caller sees them: state, and per position the counts and their own application. */
  async function details(
    rows: repo.RecruitmentRow[],
    viewerId: number,
    lang: Language,
  ): Promise<RecruitDetail[]> {
    const ids = rows.map((r) => r.id);
    const [stats, applied] = await Promise.all([
      repo.positionStats(db, ids),
      repo.appliedPositions(db, ids, viewerId),
    ]);
    const today = tokyoDay();
    return rows.map((r) => {
      const state = recruitState(r, today);
      return {
        id: r.id,
        kind: r.kind,
        stime: r.stime,
        etime: r.etime,
        condition: r.condition,
        isongoing: state === RecruitState.ONGOING ? 1 : 0,
        state,
        chapterId: r.chapterId,
        details: stats
          .filter((s) => s.recruitmentId === r.id)
          .map((s) => ({
            position_id: s.positionId,
            position: referenceName(POSITIONS, s.positionId, lang),
            num: s.num,
            applynum: s.applynum,
            donenum: s.donenum,
            filled: s.donenum >= s.num,
            applied: applied.has(`${r.id}:${s.positionId}`),
          })),
      };
    });
  }

  /**
   * Inside an accept's transaction: the project ongoing (share-locked) and a seat left in the
   * position (its row locked until the commit, so racing accepts count one another).
   */
  async function takeSeat(tx: Executor, projectId: number, recruitmentId: number, positionId: number) {
    if (!(await projectsRepo.lockOngoingProject(tx, projectId))) throw conflict('projectCompletedLocked');
    const seats = await repo.lockPositionSeats(tx, recruitmentId, positionId);
    if (!seats || seats.hired >= seats.num) throw conflict('positionFilled');
  }

  /** The checks recruit/add and recruit/update share: dates from yesterday on, positions of the kind. */
  function assertRecruitable(input: AddInput): void {
    const yesterday = addDays(tokyoDay(), -1);
    if (input.stime < yesterday || input.etime < input.stime) throw badInput('recruitDatesInvalid');
    const allowed = input.kind === RecruitKind.PROJECT ? PROJECT_LEVEL_POSITIONS : CHAPTER_LEVEL_POSITIONS;
    if (input.positions.some((p) => !(allowed as readonly number[]).includes(p.position_id))) {
      throw badInput('recruitPositionsRequired');
    }
  }

  return {
    /**
     * At most one open (scheduled or ongoing) recruitment per target: the unique index says so for
     * the stored status, after the target's recruitments past their end date are stored as ended.
     */
    async add(founder: ProjectAccess, input: AddInput): Promise<void> {
      const chapterId = await chapterOf(input);
      assertRecruitable(input);
      try {
        await db.transaction(async (tx) => {
          if (!(await projectsRepo.lockOngoingProject(tx, founder.projectId)))
            throw conflict('projectCompletedLocked');
          await repo.closeExpired(tx, { ...input, chapterId }, tokyoDay());
          await repo.insertRecruitment(
            tx,
            {
              projectId: founder.projectId,
              kind: input.kind,
              chapterId,
              stime: input.stime,
              etime: input.etime,
              condition: input.condition,
            },
            input.positions,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('recruitOngoingExists');
        throw err;
      }
      openingsFor(db).markStale();
    },

    /** The founder changes a recruitment that has not started yet (dates, positions, requirements). */
    async update(founder: ProjectAccess, input: AddInput): Promise<void> {
      const chapterId = await chapterOf(input);
      assertRecruitable(input);
      await db.transaction(async (tx) => {
        if (!(await projectsRepo.lockOngoingProject(tx, founder.projectId)))
          throw conflict('projectCompletedLocked');
        const fields = { stime: input.stime, etime: input.etime, condition: input.condition };
        const target = { ...input, chapterId };
        if (!(await repo.updateScheduled(tx, target, tokyoDay(), fields, input.positions)))
          throw conflict('recruitNotScheduled');
      });
      openingsFor(db).markStale();
    },

    /** Recruitment is public to logged-in users: applicants read it from the search. */
    async detail(viewerId: number, t: Target, lang: Language) {
      if (!(await projectsRepo.findProject(db, t.projectId))) throw notFound();
      const rows = await repo.recruitmentsOf(db, t.projectId, t.kind, t.chapterId);
      const all = await details(rows, viewerId, lang);
      return { detail: all[0] ?? null, history: all.slice(1) };
    },

    /** Ends the target's scheduled or ongoing recruitment; one already ended (or past its dates) is 409. */
    async cancel(t: Target): Promise<void> {
      if (t.kind === RecruitKind.CHAPTER && !t.chapterId) throw badInput('recruitEndChapterRequired');
      if (!(await repo.endRecruitment(db, t, tokyoDay()))) throw conflict('recruitNotOngoing');
      openingsFor(db).markStale();
    },

    async applicants(member: ProjectAccess, t: Target, lang: Language) {
      const rows = await repo.recruitmentsOf(db, member.projectId, t.kind, t.chapterId);
      const list = await repo.applicationsOf(
        db,
        rows.map((r) => r.id),
      );
      return list.map((a) => ({
        id: a.id,
        status: a.status,
        user: { id: a.userId, nickname: a.nickname, pic: a.pic },
        position: referenceName(POSITIONS, a.positionId, lang),
        pos_id: a.positionId,
        apply_user_id: a.userId,
        projectid: a.projectId,
        message: a.message,
        create_time: a.createdAt.toISOString(),
      }));
    },

    async apply(
      userId: number,
      t: Target & { posId: number; message: string },
      lang: Language,
    ): Promise<void> {
      const access = await projectAccess(db, t.projectId, userId);
      if (!access) throw notFound();
      if (access.isFounder) throw badInput('founderCannotApply');
      if (access.isMember) throw conflict('alreadyMember');
      const applicant = await projectsRepo.findUserBrief(db, userId);
      const pending: PendingNotice[] = [
        {
          userId: access.founderId,
          kind: NoticeKind.APPLICATION_RECEIVED,
          params: {
            nickname: applicant?.nickname ?? '',
            project: access.title,
            position: referenceName(POSITIONS, t.posId, lang),
          },
          target: noticeTarget.applicants(t.projectId),
        },
      ];
      try {
        await db.transaction(async (tx) => {
          // Share locks: the project cannot complete, nor the recruitment end, while this goes in.
          const ongoing = await projectsRepo.lockOngoingProject(tx, t.projectId);
          const recruitment = ongoing && (await repo.lockOngoingRecruitment(tx, t, tokyoDay()));
          if (!recruitment) throw conflict('recruitNotOngoing');
          const seats = await repo.lockPositionSeats(tx, recruitment.id, t.posId);
          if (!seats) throw badInput('positionNotRecruited');
          if (seats.hired >= seats.num) throw conflict('positionFilled');
          await repo.insertApplication(tx, {
            recruitmentId: recruitment.id,
            projectId: t.projectId,
            userId,
            positionId: t.posId,
            message: t.message,
          });
          await storeNotices(deps, tx, pending);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('alreadyApplied');
        throw err;
      }
      pushNotices(deps, pending);
    },

    /**
     * Accepting makes the applicant a member, while the position has a seat left; both answers
     * notify them; answering twice is 409. Applications are answered after the recruitment has
     * ended too (the end stops new ones), but not in a completed project.
     */
    async decide(
      founder: ProjectAccess,
      t: Target & { posId: number; userId: number },
      accept: boolean,
      lang: Language,
    ) {
      const rows = await repo.recruitmentsOf(db, t.projectId, t.kind, t.chapterId);
      const application = await repo.findApplication(
        db,
        rows.map((r) => r.id),
        t.userId,
        t.posId,
      );
      if (!application) throw notFound();
      const recruitment = rows.find((r) => r.id === application.recruitmentId);
      const position = referenceName(POSITIONS, t.posId, lang);
      const pending: PendingNotice[] = [
        {
          userId: t.userId,
          kind: accept ? NoticeKind.APPLICATION_ACCEPTED : NoticeKind.APPLICATION_REJECTED,
          params: { project: founder.title, position },
          target: noticeTarget.project(t.projectId),
        },
      ];
      await db.transaction(async (tx) => {
        if (accept) await takeSeat(tx, t.projectId, application.recruitmentId, t.posId);
        const status = accept ? ApplicationStatus.ACCEPTED : ApplicationStatus.REJECTED;
        if (!(await repo.decideApplication(tx, application.id, status))) throw conflict();
        if (accept) {
          await projectsRepo.insertMember(tx, {
            projectId: t.projectId,
            userId: t.userId,
            kind: MemberKind.MEMBER,
            positionId: t.posId,
            chapterId: recruitment?.chapterId ?? null,
          });
          await insertProjectEvent(tx, {
            projectId: t.projectId,
            kind: ProjectEventKind.MEMBER_JOINED,
            actorId: founder.founderId,
            subjectId: t.userId,
            positionId: t.posId,
          });
        }
        await storeNotices(deps, tx, pending, founder.founderId);
      });
      if (accept) {
        approversFor(db).delete(t.projectId);
        projectDetailsFor(db).delete(t.projectId);
        // A filled position is recruited no more.
        openingsFor(db).markStale();
      }
      pushNotices(deps, pending);
    },
  };
}
