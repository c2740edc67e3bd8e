import { ChapterStatus, MAIN_ARTIST_POSITION, ProjectStatus, StepStatus } from '@koma/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { chapterTodoColumns, inProjectsFoundedOrHeld } from '../chapters/chapter-todos.repository.js';
import { chapters } from '../chapters/chapters.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { projects } from '../projects/projects.table.js';
import { workflowSteps } from './workflow.table.js';
import { mayDecideStepSql } from './workflow-todos.repository.js';

/**
 * The page-work to-do types (docs/states.md) over one step, for one reader: one item a waiting
 * step, so that the tile counts what its dialog lists and each row carries the step's own due day.
 */
const earlier = alias(workflowSteps, 'earlier');

/** No step before it on its page is left: the step is the page's current one. */
const isCurrent = sql`not exists (select 1 from ${workflowSteps} as ${sql.identifier('earlier')}
  where ${earlier.pageId} = ${workflowSteps.pageId} and ${earlier.sort} < ${workflowSteps.sort}
  and ${earlier.status} <> ${StepStatus.DONE})`;

export const STEP_TODO_CONDITIONS = {
  pageInProgress: (userId: number) =>
    and(
      eq(workflowSteps.ownerUserId, userId),
      inArray(workflowSteps.status, [StepStatus.NOT_STARTED, StepStatus.IN_PROGRESS]),
      isCurrent,
    ),
  // The project filter repeats the approver part of the rule so that the planner starts from the
  // reader's few projects.
  workApproval: (userId: number) =>
    and(
      eq(workflowSteps.status, StepStatus.AWAITING_APPROVAL),
      inProjectsFoundedOrHeld(userId, (m) => sql`${m.positionId} = ${MAIN_ARTIST_POSITION}`),
      mayDecideStepSql(userId, {
        projectId: projects.id,
        founderId: projects.userId,
        assigneeId: workflowSteps.ownerUserId,
      }),
    ),
  workRevision: (userId: number) =>
    and(eq(workflowSteps.ownerUserId, userId), eq(workflowSteps.status, StepStatus.REJECTED)),
};

const where = (condition: SQL | undefined) =>
  and(
    eq(projects.status, ProjectStatus.ONGOING),
    eq(chapters.status, ChapterStatus.IN_PRODUCTION),
    condition,
  );

export async function countStepTodos(db: Executor, condition: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(workflowSteps)
    .innerJoin(chapters, eq(chapters.id, workflowSteps.chapterId))
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .where(where(condition));
  return row?.n ?? 0;
}

/**
 * The steps of one to-do type, the nearest due day first (steps without one last), each with how
 * many there are in all (`total`: the join is made once for the sort, counting it costs nothing).
 */
export async function stepTodos(db: Executor, condition: SQL | undefined, limit: number, offset: number) {
  return db
    .select({
      ...chapterTodoColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      stepId: workflowSteps.id,
      positionId: workflowSteps.positionId,
      dueOn: workflowSteps.dueOn,
      pageId: chapterPages.id,
      pageNum: chapterPages.num,
    })
    .from(workflowSteps)
    .innerJoin(chapterPages, eq(chapterPages.id, workflowSteps.pageId))
    .innerJoin(chapters, eq(chapters.id, workflowSteps.chapterId))
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .innerJoin(users, eq(users.id, projects.userId))
    .where(where(condition))
    .orderBy(
      sql`${workflowSteps.dueOn} asc nulls last`,
      asc(chapters.id),
      asc(chapterPages.num),
      asc(workflowSteps.sort),
    )
    .limit(limit)
    .offset(offset);
}
