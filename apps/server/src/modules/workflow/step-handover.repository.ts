import { StepStatus } from '@koma/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { chapterPages } from '../pages/pages.table.js';
import { workflowSteps } from './workflow.table.js';

/** A step of a chapter with its page's number; undefined when the chapter has no such step. */
export async function stepOfChapter(db: Executor, chapterId: number, stepId: number) {
  const [row] = await db
    .select({
      id: workflowSteps.id,
      pageId: workflowSteps.pageId,
      pageNum: chapterPages.num,
      positionId: workflowSteps.positionId,
      ownerUserId: workflowSteps.ownerUserId,
      status: workflowSteps.status,
    })
    .from(workflowSteps)
    .innerJoin(chapterPages, eq(chapterPages.id, workflowSteps.pageId))
    .where(and(eq(workflowSteps.id, stepId), eq(workflowSteps.chapterId, chapterId)));
  return row;
}

/**
 * Gives the step to another member, only while it is still the former owner's and not approved:
 * its status, file and history stay (the new owner carries on where it stands).
 */
export async function giveStep(db: Executor, stepId: number, from: number, to: number): Promise<boolean> {
  const rows = await db
    .update(workflowSteps)
    .set({ ownerUserId: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(workflowSteps.id, stepId),
        eq(workflowSteps.ownerUserId, from),
        ne(workflowSteps.status, StepStatus.DONE),
      ),
    )
    .returning({ id: workflowSteps.id });
  return rows.length > 0;
}
