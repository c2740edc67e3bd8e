import {
  ForecastStatus,
  type Language,
  LIMITS,
  NoticeKind,
  POSITIONS,
  ProjectEventKind,
  referenceName,
  type ScheduleData,
  StepStatus,
  stepStatusText,
} from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { addDays, tokyoDay } from '../../lib/calendar.js';
import type { Deps } from '../../lib/deps.js';
import { groupBy } from '../../lib/group-by.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import { isLocked, requireChapter, requireUnlocked } from '../chapters/chapter-policy.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { recordEditorialChange } from '../projects/editorial-changes.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { lockChapter } from '../workflow/workflow.repository.js';
import { type ChainStep, isOverdue, planDueDays } from './due-plan.js';
import {
  type ForecastChapter,
  forecastFor,
  forecastsOf,
  presentedForecastsOf,
  throughputFor,
} from './forecasts.js';
import * as repo from './schedule.repository.js';

/** Worse forecasts rank higher: only a turn for the worse is a notice. */
const RANK: readonly string[] = [
  ForecastStatus.ON_TRACK,
  ForecastStatus.OVERDUE,
  ForecastStatus.AT_RISK,
  ForecastStatus.LATE,
];
const rank = (status: string | null) => Math.max(0, RANK.indexOf(status ?? ForecastStatus.ON_TRACK));

/** Reminders: two days before the due day (stage 1), and on it (stage 2). */
const DueReminder = { SOON: 1, TODAY: 2 } as const;
/** Reminders of the day go out from this Tokyo hour, not at midnight. */
const REMINDER_HOUR = 9;

/** A step keeps its due day when planning again: approved, started under a plan, or moved by hand. */
function keepsDay(step: { status: number; dueOn: string | null; dueByHand: boolean }): boolean {
  if (step.dueByHand || step.status === StepStatus.DONE) return true;
  return step.status !== StepStatus.NOT_STARTED && step.dueOn !== null;
}

/**
 * Plans the due days of the given pages' steps (or of every page) in the transaction that saved
 * them; the chain lengths of the other pages still set the shares (docs/schedule.md).
 */
export async function planChapterDueDays(
  tx: Executor,
  chapter: { id: number; checkAt: string; dueBufferDays: number },
  pageIds?: readonly number[],
): Promise<void> {
  const steps = await repo.plannableChains(tx, chapter.id);
  const only = pageIds && new Set(pageIds);
  const chains: ChainStep<number>[][] = [];
  for (const [pageId, page] of groupBy(steps, (s) => s.pageId)) {
    if (only && !only.has(pageId)) continue;
    chains.push(page.map((s) => ({ key: s.id, keep: keepsDay(s), dueOn: s.dueOn })));
  }
  const longest = await repo.longestChain(tx, chapter.id, only ? [...only] : []);
  const planned = planDueDays(chains, tokyoDay(), chapter.checkAt, chapter.dueBufferDays, longest);
  await repo.setPlannedDueDays(tx, planned);
}

/**
 * Computes the chapter's forecast and stores its status; a turn for the worse (to overdue, at risk or late)
 * is a notice to the founder and the editor in charge.
 */
export async function refreshForecast(
  deps: Pick<Deps, 'db' | 'live' | 'jobs'>,
  chapter: ForecastChapter & { title: string; project: string },
) {
  // Called after the work changed (an approval among it): the project's pace is read again.
  throughputFor(deps.db).delete(chapter.projectId);
  forecastFor(deps.db).delete(chapter.id);
  const forecast = (await forecastsOf(deps.db, [chapter])).get(chapter.id);
  if (!forecast) return;
  const notices: PendingNotice[] = [];
  await deps.db.transaction(async (tx) => {
    const swapped = await repo.swapForecastStatus(tx, chapter.id, forecast.status);
    if (!swapped || rank(forecast.status) <= rank(swapped.before)) return;
    const params = { project: chapter.project, chapter: chapter.title, forecast: forecast.status };
    const target = noticeTarget.chapter(chapter.projectId, chapter.id);
    for (const userId of await repo.leadsOf(tx, chapter.projectId))
      notices.push({ userId, kind: NoticeKind.CHAPTER_AT_RISK, params, target });
    await storeNotices(deps, tx, notices);
  });
  pushNotices(deps, notices);
}

export function createScheduleService(deps: Deps) {
  const { db } = deps;

  async function refreshOf(access: ProjectAccess, chapterId: number) {
    const { chapter } = await requireChapter(db, access, chapterId);
    await refreshForecast(deps, { ...chapter, project: access.title });
    await announceChapterChange(deps, access.projectId, chapterId);
  }

  return {
    async chapter(member: ProjectAccess, chapterId: number, lang: Language): Promise<ScheduleData> {
      const { chapter, isEditorial } = await requireChapter(db, member, chapterId);
      const today = tokyoDay();
      const [steps, forecasts] = await Promise.all([
        repo.scheduleOf(db, chapterId),
        presentedForecastsOf(db, [chapter], lang),
      ]);
      const pages = [...groupBy(steps, (s) => s.pageId)].map(([pageId, list]) => ({
        page_id: pageId,
        num: list[0]?.num ?? 0,
        steps: list.map((s) => ({
          step_id: s.stepId,
          pos_id: s.positionId,
          position: referenceName(POSITIONS, s.positionId, lang),
          owner_user_id: s.ownerId,
          owner_nickname: s.nickname,
          status: s.status,
          status_text: stepStatusText(s.status, lang),
          due_on: s.dueOn,
          due_by_hand: s.dueByHand,
          overdue: isOverdue(s, today),
          approved_on: s.status === StepStatus.DONE ? tokyoDay(s.updatedAt) : null,
        })),
      }));
      return {
        script_at: chapter.scriptAt,
        check_at: chapter.checkAt,
        buffer_days: chapter.dueBufferDays,
        today,
        forecast: forecasts.get(chapterId) ?? null,
        editable: isEditorial && !isLocked(chapter),
        pages,
      };
    },

    /** The founder or the editorial side (docs/access.md, "Editorial seats"); recorded and told to the founder. */
    async moveDue(
      editorial: ProjectAccess,
      actorId: number,
      chapterId: number,
      stepId: number,
      dueOn: string,
    ): Promise<void> {
      const { chapter } = await requireChapter(db, editorial, chapterId);
      requireUnlocked(chapter);
      const notices = await db.transaction(async (tx) => {
        if (!(await repo.moveDueDay(tx, chapterId, stepId, dueOn))) throw notFound();
        return recordEditorialChange(deps, tx, editorial, actorId, ProjectEventKind.DUE_MOVED, chapter);
      });
      pushNotices(deps, notices);
      await refreshOf(editorial, chapterId);
    },

    async saveBuffer(
      editorial: ProjectAccess,
      actorId: number,
      chapterId: number,
      bufferDays: number,
    ): Promise<void> {
      await requireChapter(db, editorial, chapterId);
      const notices = await db.transaction(async (tx) => {
        const chapter = await lockChapter(tx, chapterId);
        if (!chapter) throw notFound();
        // A finished chapter's days are its record; before production the buffer waits for the
        // work flow's first plan (docs/schedule.md).
        requireUnlocked(chapter);
        await repo.setBufferDays(tx, chapterId, bufferDays);
        await planChapterDueDays(tx, { ...chapter, dueBufferDays: bufferDays });
        return recordEditorialChange(deps, tx, editorial, actorId, ProjectEventKind.BUFFER_CHANGED, chapter);
      });
      pushNotices(deps, notices);
      await refreshOf(editorial, chapterId);
    },

    /** The hourly pass (docs/schedule.md): reminders of the day from 9:00 Tokyo, and every forecast. */
    async hourly(now: Date = new Date()): Promise<void> {
      if (tokyoHour(now) >= REMINDER_HOUR) await remind(deps, tokyoDay(now));
      for (const chapter of await repo.chaptersInProduction(db)) await refreshForecast(deps, chapter);
    },
  };
}

function tokyoHour(now: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', hourCycle: 'h23' }).format(
      now,
    ),
  );
}

/** Claims and stores the day's reminders in one transaction: a second pass finds them claimed. */
async function remind(deps: Pick<Deps, 'db' | 'live' | 'jobs'>, today: string): Promise<void> {
  const notices: PendingNotice[] = [];
  await deps.db.transaction(async (tx) => {
    const soon = await repo.claimReminders(
      tx,
      addDays(today, LIMITS.dueReminderDaysBefore),
      DueReminder.SOON,
    );
    const due = await repo.claimReminders(tx, today, DueReminder.TODAY);
    const context = new Map(
      (
        await repo.reminderContext(
          tx,
          [...soon, ...due].map((s) => s.pageId),
        )
      ).map((c) => [c.pageId, c]),
    );
    const notice = (kind: NoticeKind, day: string) => (s: (typeof soon)[number]) => {
      const c = context.get(s.pageId);
      if (!c) return;
      notices.push({
        userId: s.ownerId,
        kind,
        params: { project: c.project, chapter: c.chapter, page: c.num, posId: s.positionId, due: day },
        target: noticeTarget.page(c.projectId, c.chapterId, c.pageId),
      });
    };
    soon.forEach(notice(NoticeKind.STEP_DUE_SOON, addDays(today, LIMITS.dueReminderDaysBefore)));
    due.forEach(notice(NoticeKind.STEP_DUE_TODAY, today));
    await storeNotices(deps, tx, notices);
  });
  pushNotices(deps, notices);
}
