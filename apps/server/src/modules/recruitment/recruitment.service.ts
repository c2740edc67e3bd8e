import {
  ApplicationStatus,
  CHAPTER_LEVEL_POSITIONS,
  type Language,
  MemberKind,
  NoticeKind,
  POSITIONS,
  PROJECT_LEVEL_POSITIONS,
  type RecruitDetail,
  RecruitKind,
  RecruitStatus,
  type recruitAddBody,
  referenceName,
} from '@koma/shared';
import type { z } from 'zod';
import { badInput, conflict, notFound } from '../../lib/app-error.js';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import type { Deps } from '../../lib/deps.js';
import { isUniqueViolation } from '../../lib/sql-helpers.js';
import * as chaptersRepo from '../chapters/chapters.repository.js';
import { type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { openingsFor } from '../projects/openings.js';
import { projectDetailsFor } from '../projects/project-details-cache.js';
import { projectAccess, requireFounder, requireMember } from '../projects/projects.policy.js';
import * as projectsRepo from '../projects/projects.repository.js';
import * as repo from './recruitment.repository.js';

type AddInput = z.output<typeof recruitAddBody>;
interface Target {
  projectId: number;
  kind: number;
  chapterId?: number | null;
}

const isOngoing = (r: repo.RecruitmentRow, today: string) =>
  r.status === RecruitStatus.ONGOING && r.stime <= today && today <= r.etime;

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

  async function details(rows: repo.RecruitmentRow[], lang: Language): Promise<RecruitDetail[]> {
    const stats = await repo.positionStats(
      db,
      rows.map((r) => r.id),
    );
    const today = tokyoDay();
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      stime: r.stime,
      etime: r.etime,
      condition: r.condition,
      isongoing: isOngoing(r, today) ? 1 : 0,
      chapterId: r.chapterId,
      details: stats
        .filter((s) => s.recruitmentId === r.id)
        .map((s) => ({
          position_id: s.positionId,
          position: referenceName(POSITIONS, s.positionId, lang),
          num: s.num,
          applynum: s.applynum,
          donenum: s.donenum,
        })),
    }));
  }

  return {
    async add(userId: number, input: AddInput): Promise<void> {
      await requireFounder(db, input.projectId, userId);
      const chapterId = await chapterOf(input);
      const yesterday = addDays(tokyoDay(), -1);
      if (input.stime < yesterday || input.etime < input.stime) throw badInput('recruitDatesInvalid');
      const allowed = input.kind === RecruitKind.PROJECT ? PROJECT_LEVEL_POSITIONS : CHAPTER_LEVEL_POSITIONS;
      if (input.positions.some((p) => !(allowed as readonly number[]).includes(p.position_id))) {
        throw badInput('recruitPositionsRequired');
      }
      try {
        await db.transaction(async (tx) => {
          await repo.insertRecruitment(
            tx,
            {
              projectId: input.projectId,
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

    /** Recruitment is public to logged-in users: applicants read it from the search. */
    async detail(t: Target, lang: Language) {
      if (!(await projectsRepo.findProject(db, t.projectId))) throw notFound();
      const rows = await repo.recruitmentsOf(db, t.projectId, t.kind, t.chapterId);
      const all = await details(rows, lang);
      return { detail: all[0] ?? null, history: all.slice(1) };
    },

    async cancel(userId: number, t: Target): Promise<void> {
      await requireFounder(db, t.projectId, userId);
      if (t.kind === RecruitKind.CHAPTER && !t.chapterId) throw badInput('recruitEndChapterRequired');
      if (!(await repo.endRecruitment(db, t.projectId, t.kind, t.chapterId)))
        throw conflict('recruitNotOngoing');
      openingsFor(db).markStale();
    },

    async applicants(userId: number, t: Target, lang: Language) {
      await requireMember(db, t.projectId, userId);
      const rows = await repo.recruitmentsOf(db, t.projectId, t.kind, t.chapterId);
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
      const recruitment = await repo.ongoingRecruitment(db, t.projectId, t.kind, t.chapterId);
      if (!recruitment || !isOngoing(recruitment, tokyoDay())) throw conflict('recruitNotOngoing');
      const stats = await repo.positionStats(db, [recruitment.id]);
      if (!stats.some((s) => s.positionId === t.posId)) throw badInput('positionNotRecruited');
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
        },
      ];
      try {
        await db.transaction(async (tx) => {
          await repo.insertApplication(tx, {
            recruitmentId: recruitment.id,
            projectId: t.projectId,
            userId,
            positionId: t.posId,
            message: t.message,
          });
          await storeNotices(tx, pending);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('alreadyApplied');
        throw err;
      }
      pushNotices(deps, pending);
    },

    /** Accepting makes the applicant a member; both answers notify them; answering twice is 409. */
    async decide(
      userId: number,
      t: Target & { posId: number; userId: number },
      accept: boolean,
      lang: Language,
    ) {
      const access = await requireFounder(db, t.projectId, userId);
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
          params: { project: access.title, position },
        },
      ];
      await db.transaction(async (tx) => {
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
        }
        await storeNotices(tx, pending);
      });
      if (accept) projectDetailsFor(db).forget(t.projectId);
      pushNotices(deps, pending);
    },
  };
}
