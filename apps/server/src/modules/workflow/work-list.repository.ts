import { StepEventKind } from '@koma/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { users } from '../accounts/accounts.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { stepEvents, workflowSteps } from './workflow.table.js';

/**
 * A chapter's pages, steps and sendings back: what the work list reads on every request, and the
 * page dialog and the viewer with it. Prepared statements: PostgreSQL planned the steps' query in
 * 5.6–9.3 ms and ran it in 1.2–5.1 ms, and drizzle built each one again on every request
 * (bench/README.md, "Reads back within budget").
 */

const pagesOfChapter = preparedPerDatabase((db) =>
  db
    .select({ id: chapterPages.id, num: chapterPages.num, fileKey: chapterPages.fileKey })
    .from(chapterPages)
    .where(eq(chapterPages.chapterId, sql.placeholder('chapterId')))
    .orderBy(asc(chapterPages.num))
    .prepare('pages_of_chapter'),
);

export async function pagesOf(db: Executor, chapterId: number) {
  return pagesOfChapter(db).execute({ chapterId });
}

const stepsOfChapterQuery = preparedPerDatabase((db) =>
  db
    .select({ step: workflowSteps, nickname: users.nickname })
    .from(workflowSteps)
    .innerJoin(users, eq(users.id, workflowSteps.ownerUserId))
    .where(eq(workflowSteps.chapterId, sql.placeholder('chapterId')))
    .orderBy(asc(workflowSteps.pageId), asc(workflowSteps.sort))
    .prepare('steps_of_chapter'),
);

/** Every step of a chapter with its assignee's nickname, in page and step order. */
export async function stepsOfChapter(db: Executor, chapterId: number) {
  return stepsOfChapterQuery(db).execute({ chapterId });
}

const latestRejectionsQuery = preparedPerDatabase((db) =>
  db
    .selectDistinctOn([stepEvents.stepId], { event: stepEvents, nickname: users.nickname })
    .from(stepEvents)
    .innerJoin(users, eq(users.id, stepEvents.userId))
    .where(
      and(
        sql`${stepEvents.stepId} = any(${sql.placeholder('stepIds')}::int[])`,
        eq(stepEvents.kind, StepEventKind.REJECT),
      ),
    )
    .orderBy(asc(stepEvents.stepId), desc(stepEvents.id))
    .prepare('latest_rejections'),
);

/** The latest sending back of each of the steps, with who sent it back. */
export async function latestRejections(db: Executor, stepIds: readonly number[]) {
  if (stepIds.length === 0) return [];
  return latestRejectionsQuery(db).execute({ stepIds: [...stepIds] });
}
