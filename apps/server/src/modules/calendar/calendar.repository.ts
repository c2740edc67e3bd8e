import { AccountStatus, ChapterStatus, StepStatus } from '@koma/shared';
import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { worksOnChapter } from '../chapters/chapter-team.repository.js';
import { chapters } from '../chapters/chapters.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';
import { workflowSteps } from '../workflow/workflow.table.js';
import { calendarFeeds } from './calendar.table.js';

export async function feedOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ lang: calendarFeeds.lang, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row;
}

/**
 * Stores the user's new token in one statement: the row of an earlier one is replaced, so the old
 * URL stops working the moment the new one exists, and two racing requests leave exactly one.
 */
export async function replaceFeed(db: Executor, userId: number, tokenHash: string, lang: string) {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, lang })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash, lang, createdAt: sql`now()` },
    });
}

/** Deletes the user's feed; false when there was none. */
export async function deleteFeed(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

/** The owner of a token, while their account is active. */
export async function ownerOfToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ userId: calendarFeeds.userId, lang: calendarFeeds.lang })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), eq(users.status, AccountStatus.ACTIVE)));
  return row;
}

/** Founder (the project's owner), member or editor in charge of the project. */
const memberOf = (userId: number) =>
  or(
    eq(projects.userId, userId),
    sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id}
      and ${projectMembers.userId} = ${userId})`,
  );

/** The user's steps not yet approved that have a due day, in projects they still belong to. */
export async function dueStepsOf(db: Executor, userId: number) {
  return db
    .select({
      stepId: workflowSteps.id,
      dueOn: sql<string>`${workflowSteps.dueOn}`,
      positionId: workflowSteps.positionId,
      pageId: chapterPages.id,
      num: chapterPages.num,
      chapterId: chapters.id,
      chapter: chapters.title,
      projectId: projects.id,
      project: projects.title,
    })
    .from(workflowSteps)
    .innerJoin(chapterPages, eq(chapterPages.id, workflowSteps.pageId))
    .innerJoin(chapters, eq(chapters.id, workflowSteps.chapterId))
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .where(
      and(
        eq(workflowSteps.ownerUserId, userId),
        ne(workflowSteps.status, StepStatus.DONE),
        isNotNull(workflowSteps.dueOn),
        memberOf(userId),
      ),
    )
    .orderBy(asc(workflowSteps.dueOn), asc(workflowSteps.id));
}

/** The storyboard deadline is still to be met: the chapter's storyboard is not yet approved. */
const scriptOpen = inArray(chapters.status, [
  ChapterStatus.NAME_WRITING,
  ChapterStatus.AWAITING_EDITOR,
  ChapterStatus.NAME_REVISION,
]);

/**
 * The chapters not finished that the user works on (docs/calendar.md), with their deadlines and
 * whether the storyboard's is still to be met.
 */
export async function openChaptersOf(db: Executor, userId: number) {
  return db
    .select({
      chapterId: chapters.id,
      chapter: chapters.title,
      scriptAt: chapters.scriptAt,
      checkAt: chapters.checkAt,
      scriptOpen: sql<boolean>`${scriptOpen}`,
      projectId: projects.id,
      project: projects.title,
    })
    .from(chapters)
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .where(
      and(
        ne(chapters.status, ChapterStatus.FINISHED),
        or(eq(projects.userId, userId), worksOnChapter(userId, projects.id, chapters.id)),
      ),
    )
    .orderBy(asc(chapters.checkAt), asc(chapters.id));
}
