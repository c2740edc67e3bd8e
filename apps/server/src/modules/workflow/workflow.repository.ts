import { MarkState, MemberKind, StepEventKind, StepStatus } from '@koma/shared';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { chunks } from '../../lib/chunks.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { openMarksColumn } from '../marks/marks.repository.js';
import { pageRevisions } from '../pages/page-revisions.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';
import { stepEvents, workflowSteps } from './workflow.table.js';

export type StepRow = typeof workflowSteps.$inferSelect;

// --- pages and steps of a chapter (the whole chapter's: work-list.repository.ts) ------------
export async function stepsOfPage(db: Executor, pageId: number) {
  return db
    .select({
      step: workflowSteps,
      nickname: users.nickname,
      // Red-pen marks still open on the step (docs/marks.md): approving asks first.
      openMarks: openMarksColumn(workflowSteps.pageId, workflowSteps.id),
      // Resolved by the assignee, not yet confirmed: approving says so.
      resolvedMarks: openMarksColumn(workflowSteps.pageId, workflowSteps.id, MarkState.RESOLVED),
    })
    .from(workflowSteps)
    .innerJoin(users, eq(users.id, workflowSteps.ownerUserId))
    .where(eq(workflowSteps.pageId, pageId))
    .orderBy(asc(workflowSteps.sort));
}

/** The page of a chapter, locked for the rest of the transaction: its steps change one writer at a time. */
export async function lockPage(tx: Executor, chapterId: number, pageId: number) {
  const [row] = await tx
    .select({ id: chapterPages.id, num: chapterPages.num, fileKey: chapterPages.fileKey })
    .from(chapterPages)
    .where(and(eq(chapterPages.id, pageId), eq(chapterPages.chapterId, chapterId)))
    .for('update');
  return row;
}

/** Locks the chapter row: saving a plan and the audit calls serialise on it. */
export async function lockChapter(tx: Executor, chapterId: number) {
  const [row] = await tx.select().from(chapters).where(eq(chapters.id, chapterId)).for('update');
  return row;
}

/** Pages of a chapter, locked for the rest of the transaction; only those that exist come back. */
export async function lockPages(tx: Executor, chapterId: number, pageIds: number[]) {
  return tx
    .select({ id: chapterPages.id })
    .from(chapterPages)
    .where(and(eq(chapterPages.chapterId, chapterId), inArray(chapterPages.id, pageIds)))
    .orderBy(asc(chapterPages.id))
    .for('update');
}

export async function stepsOfPages(tx: Executor, pageIds: number[]): Promise<StepRow[]> {
  return tx
    .select()
    .from(workflowSteps)
    .where(inArray(workflowSteps.pageId, pageIds))
    .orderBy(asc(workflowSteps.pageId), asc(workflowSteps.sort));
}

export async function deleteUnstartedSteps(tx: Executor, pageIds: number[]): Promise<void> {
  await tx
    .delete(workflowSteps)
    .where(and(inArray(workflowSteps.pageId, pageIds), eq(workflowSteps.status, StepStatus.NOT_STARTED)));
}

// PostgreSQL takes at most 65,535 parameters a statement; a step row has 5.
const INSERT_BATCH = 5_000;

export async function insertSteps(tx: Executor, rows: (typeof workflowSteps.$inferInsert)[]): Promise<void> {
  for (const batch of chunks(rows, INSERT_BATCH)) await tx.insert(workflowSteps).values(batch);
}

/** Members who may take a position in this chapter: holders of it for the project or for this chapter. */
export async function positionHolders(db: Executor, projectId: number, chapterId: number) {
  return db
    .select({
      userId: projectMembers.userId,
      positionId: projectMembers.positionId,
      nickname: users.nickname,
      pic: users.pic,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.kind, MemberKind.MEMBER),
        gt(projectMembers.positionId, 0),
        or(isNull(projectMembers.chapterId), eq(projectMembers.chapterId, chapterId)),
      ),
    )
    .orderBy(asc(projectMembers.positionId), asc(projectMembers.createdAt));
}

export async function userBrief(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname, pic: users.pic })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// --- one step -----------------------------------------------------------------------------
/** A step with the page and chapter it belongs to; only within `projectId`. */
export async function findStep(db: Executor, projectId: number, stepId: number) {
  const [row] = await db
    .select({
      step: workflowSteps,
      pageNum: chapterPages.num,
      pageFileKey: chapterPages.fileKey,
      chapter: chapters,
    })
    .from(workflowSteps)
    .innerJoin(chapterPages, eq(chapterPages.id, workflowSteps.pageId))
    .innerJoin(chapters, eq(chapters.id, workflowSteps.chapterId))
    .where(and(eq(workflowSteps.id, stepId), eq(chapters.projectId, projectId)));
  return row;
}

/** The step right before `sort` on the page, if any. */
export async function previousStep(db: Executor, pageId: number, sort: number) {
  const [row] = await db
    .select()
    .from(workflowSteps)
    .where(and(eq(workflowSteps.pageId, pageId), lt(workflowSteps.sort, sort)))
    .orderBy(desc(workflowSteps.sort))
    .limit(1);
  return row;
}

export async function nextStep(db: Executor, pageId: number, sort: number) {
  const [row] = await db
    .select()
    .from(workflowSteps)
    .where(and(eq(workflowSteps.pageId, pageId), gt(workflowSteps.sort, sort)))
    .orderBy(asc(workflowSteps.sort))
    .limit(1);
  return row;
}

const earlier = alias(workflowSteps, 'earlier');
// An alias interpolated in raw SQL prints only its name; the FROM needs `table as name`.
const earlierName = sql.identifier('earlier');
/** True when every step before this one on its page is done: it is the page's current step. */
const isCurrent = sql`not exists (select 1 from ${workflowSteps} as ${earlierName} where ${earlier.pageId} = ${workflowSteps.pageId}
  and ${earlier.sort} < ${workflowSteps.sort} and ${earlier.status} <> ${StepStatus.DONE})`;

/**
 * Moves a step from one of `from` to `to`, only if it still is in `from` (and, for a start, still
 * the page's current step and the caller's): of two racing calls exactly one gets the row.
 */
export async function moveStep(
  tx: Executor,
  stepId: number,
  from: readonly number[],
  to: number,
  opts: { ownerId?: number; mustBeCurrent?: boolean; fileKey?: string } = {},
): Promise<StepRow | undefined> {
  const [row] = await tx
    .update(workflowSteps)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(opts.fileKey !== undefined ? { fileKey: opts.fileKey } : {}),
    })
    .where(
      and(
        eq(workflowSteps.id, stepId),
        inArray(workflowSteps.status, [...from]),
        opts.ownerId !== undefined ? eq(workflowSteps.ownerUserId, opts.ownerId) : undefined,
        opts.mustBeCurrent ? isCurrent : undefined,
      ),
    )
    .returning();
  return row;
}

export async function insertStepEvent(tx: Executor, event: typeof stepEvents.$inferInsert): Promise<void> {
  await tx.insert(stepEvents).values(event);
}

export async function eventsOf(db: Executor, stepId: number, kind?: string) {
  return db
    .select({ event: stepEvents, nickname: users.nickname })
    .from(stepEvents)
    .innerJoin(users, eq(users.id, stepEvents.userId))
    .where(and(eq(stepEvents.stepId, stepId), kind ? eq(stepEvents.kind, kind) : undefined))
    .orderBy(desc(stepEvents.id));
}

// --- the chapter ----------------------------------------------------------------------------
/**
 * Moves the final audit from `from` (null: never submitted) to `to`, only while the chapter is
 * in production; `chapterStatus` moves the chapter along (6 校了 on a pass).
 */
export async function moveAudit(
  tx: Executor,
  chapterId: number,
  from: readonly (number | null)[],
  to: number,
  change: { remark?: string; chapterStatus?: number; requireStatus: number },
) {
  const known = from.filter((s): s is number => s !== null);
  const [row] = await tx
    .update(chapters)
    .set({
      auditStatus: to,
      updatedAt: sql`now()`,
      ...(change.remark !== undefined ? { auditRemark: change.remark } : {}),
      ...(change.chapterStatus !== undefined ? { status: change.chapterStatus } : {}),
    })
    .where(
      and(
        eq(chapters.id, chapterId),
        eq(chapters.status, change.requireStatus),
        or(
          known.length ? inArray(chapters.auditStatus, known) : undefined,
          from.includes(null) ? isNull(chapters.auditStatus) : undefined,
        ),
      ),
    )
    .returning({ id: chapters.id });
  return row;
}

/** Pages of the chapter that are not done: no step yet, or a step not 10. */
export async function countUnfinishedPages(db: Executor, chapterId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chapterPages)
    .where(
      and(
        eq(chapterPages.chapterId, chapterId),
        sql`(not exists (select 1 from ${workflowSteps} where ${workflowSteps.pageId} = ${chapterPages.id})
          or exists (select 1 from ${workflowSteps} where ${workflowSteps.pageId} = ${chapterPages.id}
            and ${workflowSteps.status} <> ${StepStatus.DONE}))`,
      ),
    );
  return row?.n ?? 0;
}

/** Per page, the file of its last completed step (the zip's content), in page order. */
export async function finishedFiles(db: Executor, chapterId: number) {
  return db
    .selectDistinctOn([chapterPages.num], { num: chapterPages.num, fileKey: workflowSteps.fileKey })
    .from(workflowSteps)
    .innerJoin(chapterPages, eq(chapterPages.id, workflowSteps.pageId))
    .where(
      and(
        eq(workflowSteps.chapterId, chapterId),
        eq(workflowSteps.status, StepStatus.DONE),
        ne(workflowSteps.fileKey, ''),
      ),
    )
    .orderBy(asc(chapterPages.num), desc(workflowSteps.sort));
}

export async function projectKind(db: Executor, projectId: number): Promise<number | undefined> {
  const [row] = await db.select({ kind: projects.kind }).from(projects).where(eq(projects.id, projectId));
  return row?.kind;
}

/** Every committed file of a chapter's steps, by page, step order and time (the viewer's revisions). */
export async function commitsOfChapter(db: Executor, chapterId: number) {
  return db
    .select({
      pageId: workflowSteps.pageId,
      positionId: workflowSteps.positionId,
      sort: workflowSteps.sort,
      fileKey: stepEvents.fileKey,
      createdAt: stepEvents.createdAt,
    })
    .from(stepEvents)
    .innerJoin(workflowSteps, eq(workflowSteps.id, stepEvents.stepId))
    .where(
      and(
        eq(workflowSteps.chapterId, chapterId),
        eq(stepEvents.kind, StepEventKind.COMMIT),
        ne(stepEvents.fileKey, ''),
      ),
    )
    .orderBy(asc(workflowSteps.pageId), asc(workflowSteps.sort), asc(stepEvents.id));
}

/** The chapters whose storyboard pages (any of their files), steps or step histories hold the file under `key`. */
export async function chaptersHoldingFile(db: Executor, key: string) {
  const viaPages = db
    .select({ chapterId: chapterPages.chapterId })
    .from(chapterPages)
    .where(eq(chapterPages.fileKey, key));
  const viaRevisions = db
    .select({ chapterId: chapterPages.chapterId })
    .from(pageRevisions)
    .innerJoin(chapterPages, eq(chapterPages.id, pageRevisions.pageId))
    .where(eq(pageRevisions.fileKey, key));
  const viaSteps = db
    .select({ chapterId: workflowSteps.chapterId })
    .from(workflowSteps)
    .where(eq(workflowSteps.fileKey, key));
  const viaEvents = db
    .select({ chapterId: workflowSteps.chapterId })
    .from(stepEvents)
    .innerJoin(workflowSteps, eq(workflowSteps.id, stepEvents.stepId))
    .where(eq(stepEvents.fileKey, key));
  const ids = (await Promise.all([viaPages, viaRevisions, viaSteps, viaEvents]))
    .flat()
    .map((r) => r.chapterId);
  if (ids.length === 0) return [];
  return db
    .select({ chapterId: chapters.id, projectId: chapters.projectId })
    .from(chapters)
    .where(inArray(chapters.id, [...new Set(ids)]));
}
