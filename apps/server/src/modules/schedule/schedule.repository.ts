import { ChapterStatus, LIMITS, MemberKind, StepStatus } from '@koma/shared';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';
import { workflowSteps } from '../workflow/workflow.table.js';
import type { OpenStep } from './forecast.js';

/**
 * Every status but approved, named rather than `<> DONE`: with `<>` PostgreSQL joined the
 * (chapter, status) index with the partial due-day index of every open step in the database
 * (58 ms for 25 chapters at the load suite's scale); with the list it reads the (chapter, status)
 * index alone (4.5 ms): bench/README.md, "The editor's timeline".
 */
const OPEN_STATUSES = Object.values(StepStatus).filter((s) => s !== StepStatus.DONE);

/** The steps of chapters not yet approved, in page order, for the forecast. */
export async function openStepsOf(db: Executor, chapterIds: readonly number[]) {
  if (chapterIds.length === 0) return [];
  return db
    .select({
      chapterId: workflowSteps.chapterId,
      pageId: workflowSteps.pageId,
      sort: workflowSteps.sort,
      ownerId: workflowSteps.ownerUserId,
      positionId: workflowSteps.positionId,
      dueOn: workflowSteps.dueOn,
    })
    .from(workflowSteps)
    .where(
      and(inArray(workflowSteps.chapterId, [...chapterIds]), inArray(workflowSteps.status, OPEN_STATUSES)),
    )
    .orderBy(asc(workflowSteps.pageId), asc(workflowSteps.sort)) as Promise<
    (OpenStep & { chapterId: number })[]
  >;
}

/**
 * Approved steps per kind (position) and person of each project over the forecast window, and
 * their first approval ever: a kind approved for a week is not judged over four. One scan of the
 * approved steps; summed per kind by the caller (forecasts.ts), cheaper than a distinct count.
 */
export async function approvalsOf(db: Executor, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  const since = sql`now() - make_interval(days => ${LIMITS.forecastWindowDays})`;
  return db
    .select({
      projectId: chapters.projectId,
      positionId: workflowSteps.positionId,
      ownerId: workflowSteps.ownerUserId,
      count: sql<number>`(count(*) filter (where ${workflowSteps.updatedAt} >= ${since}))::int`,
      first: sql<Date>`min(${workflowSteps.updatedAt})`,
    })
    .from(workflowSteps)
    .innerJoin(chapters, eq(chapters.id, workflowSteps.chapterId))
    .where(and(inArray(chapters.projectId, [...projectIds]), eq(workflowSteps.status, StepStatus.DONE)))
    .groupBy(chapters.projectId, workflowSteps.positionId, workflowSteps.ownerUserId);
}

/** Page numbers by page id (the forecast's reason names an overdue step's page). */
export async function pageNumsOf(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: chapterPages.id, num: chapterPages.num })
    .from(chapterPages)
    .where(inArray(chapterPages.id, [...ids]));
}

/** The longest chain of steps of the chapter's pages other than `exceptPages`. */
export async function longestChain(tx: Executor, chapterId: number, exceptPages: readonly number[]) {
  const [row] = await tx.select({ longest: sql<number>`coalesce(max(n), 0)::int` }).from(
    tx
      .select({ n: sql<number>`count(*)`.as('n') })
      .from(workflowSteps)
      .where(
        and(
          eq(workflowSteps.chapterId, chapterId),
          exceptPages.length
            ? sql`${workflowSteps.pageId} <> all(${sql.param([...exceptPages])}::int[])`
            : undefined,
        ),
      )
      .groupBy(workflowSteps.pageId)
      .as('chains'),
  );
  return row?.longest ?? 0;
}

/** Sets planned due days in one statement; a moved day is the founder's and stays. */
export async function setPlannedDueDays(tx: Executor, days: ReadonlyMap<number, string>): Promise<void> {
  if (days.size === 0) return;
  const ids = [...days.keys()];
  const dues = ids.map((id) => days.get(id) as string);
  await tx.execute(sql`update ${workflowSteps} set due_on = d.due::date, reminded = 0
    from unnest(${sql.param(ids)}::int[], ${sql.param(dues)}::text[]) as d(id, due)
    where ${workflowSteps.id} = d.id and ${workflowSteps.dueByHand} = false`);
}

/** The founder moves a step's due day: only a step of this chapter not yet approved. */
export async function moveDueDay(tx: Executor, chapterId: number, stepId: number, dueOn: string) {
  const [row] = await tx
    .update(workflowSteps)
    .set({ dueOn, dueByHand: true, reminded: 0 })
    .where(
      and(
        eq(workflowSteps.id, stepId),
        eq(workflowSteps.chapterId, chapterId),
        ne(workflowSteps.status, StepStatus.DONE),
      ),
    )
    .returning({ id: workflowSteps.id });
  return row;
}

/** Every step of the chapter with what the schedule shows: due day, approval day, page number, assignee. */
export async function scheduleOf(db: Executor, chapterId: number) {
  return db
    .select({
      stepId: workflowSteps.id,
      pageId: workflowSteps.pageId,
      num: chapterPages.num,
      sort: workflowSteps.sort,
      positionId: workflowSteps.positionId,
      ownerId: workflowSteps.ownerUserId,
      nickname: users.nickname,
      status: workflowSteps.status,
      dueOn: workflowSteps.dueOn,
      dueByHand: workflowSteps.dueByHand,
      updatedAt: workflowSteps.updatedAt,
    })
    .from(workflowSteps)
    .innerJoin(chapterPages, eq(chapterPages.id, workflowSteps.pageId))
    .innerJoin(users, eq(users.id, workflowSteps.ownerUserId))
    .where(eq(workflowSteps.chapterId, chapterId))
    .orderBy(asc(chapterPages.num), asc(workflowSteps.sort));
}

/** Steps of the chapter not approved whose planned days must follow a new buffer. */
export async function plannableChains(tx: Executor, chapterId: number) {
  return tx
    .select({
      id: workflowSteps.id,
      pageId: workflowSteps.pageId,
      dueOn: workflowSteps.dueOn,
      dueByHand: workflowSteps.dueByHand,
      status: workflowSteps.status,
    })
    .from(workflowSteps)
    .where(eq(workflowSteps.chapterId, chapterId))
    .orderBy(asc(workflowSteps.pageId), asc(workflowSteps.sort));
}

export async function setBufferDays(tx: Executor, chapterId: number, days: number): Promise<void> {
  await tx.update(chapters).set({ dueBufferDays: days }).where(eq(chapters.id, chapterId));
}

/**
 * Stores the chapter's forecast status when it changed, returning the one it replaced: of two
 * instances computing the same change, one gets the row and tells people.
 */
export async function swapForecastStatus(db: Executor, chapterId: number, status: string) {
  // A second writer waits for the first's row lock, then finds the status already stored: no row.
  const result = await db.execute<{
    before: string | null;
  }>(sql`update ${chapters} c set forecast_status = ${status}
    from (select id, forecast_status as before from ${chapters} where id = ${chapterId}) old
    where c.id = old.id and c.forecast_status is distinct from ${status}
    returning old.before`);
  return result.rows[0];
}

/** The founder and the editor in charge of a project: told when a chapter turns at risk. */
export async function leadsOf(db: Executor, projectId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        inArray(projectMembers.kind, [MemberKind.FOUNDER, MemberKind.EDITOR]),
      ),
    );
  return [...new Set(rows.map((r) => r.userId))];
}

/**
 * Claims the reminders due on `day` at `stage` (DueReminder): each step's reminder is claimed by
 * one conditional update, so a second run or instance sends none twice.
 */
export async function claimReminders(db: Executor, day: string, stage: number) {
  return db
    .update(workflowSteps)
    .set({ reminded: stage })
    .where(
      and(
        eq(workflowSteps.dueOn, day),
        ne(workflowSteps.status, StepStatus.DONE),
        lt(workflowSteps.reminded, stage),
      ),
    )
    .returning({
      stepId: workflowSteps.id,
      pageId: workflowSteps.pageId,
      chapterId: workflowSteps.chapterId,
      ownerId: workflowSteps.ownerUserId,
      positionId: workflowSteps.positionId,
    });
}

/** What a reminder names: project, chapter and page of each step. */
export async function reminderContext(db: Executor, pageIds: readonly number[]) {
  if (pageIds.length === 0) return [];
  return db
    .select({
      pageId: chapterPages.id,
      num: chapterPages.num,
      chapterId: chapters.id,
      chapter: chapters.title,
      projectId: projects.id,
      project: projects.title,
    })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .where(inArray(chapterPages.id, [...pageIds]));
}

/** What a forecast and its notice need of a chapter. */
const FORECAST_CHAPTER = {
  id: chapters.id,
  projectId: chapters.projectId,
  status: chapters.status,
  checkAt: chapters.checkAt,
  dueBufferDays: chapters.dueBufferDays,
  title: chapters.title,
  project: projects.title,
};

/** Chapters in production with what a forecast and its notice need, for the hourly pass. */
export async function chaptersInProduction(db: Executor) {
  return db
    .select(FORECAST_CHAPTER)
    .from(chapters)
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .where(eq(chapters.status, ChapterStatus.IN_PRODUCTION));
}

export async function nicknamesOf(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/**
 * Chapters in production of the projects the user belongs to, nearest check deadline first (at
 * most `LIMITS.dashboardForecastChaptersMax`). Prepared: every dashboard runs it.
 */
export async function productionChaptersOf(db: Executor, userId: number) {
  return productionChapters(db).execute({ userId });
}

const productionChapters = preparedPerDatabase((db) => {
  const mine = db
    .selectDistinct({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, sql.placeholder('userId')));
  return db
    .select(FORECAST_CHAPTER)
    .from(chapters)
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .where(and(eq(chapters.status, ChapterStatus.IN_PRODUCTION), inArray(chapters.projectId, mine)))
    .orderBy(asc(chapters.checkAt), asc(chapters.id))
    .limit(LIMITS.dashboardForecastChaptersMax)
    .prepare('production_chapters_of_member');
});
