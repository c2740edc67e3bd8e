import { MemberKind, StepStatus } from '@koma/shared';
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { workflowSteps } from '../workflow/workflow.table.js';
import { projectEvents } from './project-events.table.js';
import { projectMembers } from './projects.table.js';

const ofMember = (projectId: number, userId: number) =>
  and(
    eq(chapters.projectId, projectId),
    eq(workflowSteps.ownerUserId, userId),
    ne(workflowSteps.status, StepStatus.DONE),
  );

/** A member's steps in the project that are not approved yet, in chapter, page and step order. */
export async function openStepsOf(db: Executor, projectId: number, userId: number) {
  return db
    .select({
      stepId: workflowSteps.id,
      chapterId: workflowSteps.chapterId,
      chapterTitle: chapters.title,
      pageNum: chapterPages.num,
      positionId: workflowSteps.positionId,
      status: workflowSteps.status,
    })
    .from(workflowSteps)
    .innerJoin(chapters, eq(chapters.id, workflowSteps.chapterId))
    .innerJoin(chapterPages, eq(chapterPages.id, workflowSteps.pageId))
    .where(ofMember(projectId, userId))
    .orderBy(asc(workflowSteps.chapterId), asc(chapterPages.num), asc(workflowSteps.sort));
}

/** How many such steps there are; read after the member's rows are locked (see leaveOrRemove). */
export async function countOpenSteps(db: Executor, projectId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workflowSteps)
    .innerJoin(chapters, eq(chapters.id, workflowSteps.chapterId))
    .where(ofMember(projectId, userId));
  return row?.n ?? 0;
}

/** The member's rows (one per position held). */
export async function memberRowsOf(db: Executor, projectId: number, userId: number) {
  return db
    .select({ kind: projectMembers.kind })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
}

/** The member's rows (one per position held), locked until the transaction ends. */
export async function lockMemberRows(db: Executor, projectId: number, userId: number) {
  return db
    .select({
      kind: projectMembers.kind,
      positionId: projectMembers.positionId,
      chapterId: projectMembers.chapterId,
    })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .for('update');
}

/**
 * Locks the rows of the people who may take steps in a project against removal: a plan or a
 * hand-over saved meanwhile cannot give a step to someone whose removal is committing (removal
 * locks the same rows for update, then counts the open steps).
 */
export async function shareMemberRows(db: Executor, projectId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, userIds)))
    .for('share');
}

export async function deleteMemberRows(db: Executor, projectId: number, userId: number): Promise<void> {
  await db
    .delete(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.userId, userId),
        ne(projectMembers.kind, MemberKind.FOUNDER),
      ),
    );
}

export type NewProjectEvent = typeof projectEvents.$inferInsert;

export async function insertProjectEvent(db: Executor, event: NewProjectEvent): Promise<void> {
  await db.insert(projectEvents).values(event);
}

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');
const recipient = alias(users, 'recipient');

export async function projectEventsPage(db: Executor, projectId: number, limit: number, offset: number) {
  return db
    .select({
      id: projectEvents.id,
      kind: projectEvents.kind,
      actorId: projectEvents.actorId,
      actorName: actor.nickname,
      subjectId: projectEvents.subjectId,
      subjectName: subject.nickname,
      recipientId: projectEvents.recipientId,
      recipientName: recipient.nickname,
      chapterTitle: projectEvents.chapterTitle,
      pageNum: projectEvents.pageNum,
      positionId: projectEvents.positionId,
      seat: projectEvents.seat,
      createdAt: projectEvents.createdAt,
    })
    .from(projectEvents)
    .innerJoin(actor, eq(actor.id, projectEvents.actorId))
    .leftJoin(subject, eq(subject.id, projectEvents.subjectId))
    .leftJoin(recipient, eq(recipient.id, projectEvents.recipientId))
    .where(eq(projectEvents.projectId, projectId))
    .orderBy(desc(projectEvents.id))
    .limit(limit)
    .offset(offset);
}

export async function countProjectEvents(db: Executor, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(projectEvents)
    .where(eq(projectEvents.projectId, projectId));
  return row?.n ?? 0;
}

/** A part held: a position for the whole project (chapterId null) or for one chapter. */
export interface MemberPart {
  posId: number;
  chapterId: number | null;
}

/** The member rows of one part (with the project and the person to pick whose). */
export const isPart = (part: MemberPart): SQL | undefined =>
  and(
    eq(projectMembers.positionId, part.posId),
    part.chapterId === null ? isNull(projectMembers.chapterId) : eq(projectMembers.chapterId, part.chapterId),
  );

/** Turns one of a member's parts into another; false when the member no longer holds it. */
export async function changeMemberPart(
  db: Executor,
  projectId: number,
  userId: number,
  from: MemberPart,
  to: MemberPart,
): Promise<boolean> {
  const changed = await db
    .update(projectMembers)
    .set({ positionId: to.posId, chapterId: to.chapterId })
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.userId, userId),
        eq(projectMembers.kind, MemberKind.MEMBER),
        isPart(from),
      ),
    )
    .returning({ userId: projectMembers.userId });
  return changed.length > 0;
}

/** The title of a chapter of the project, or null when the project has no such chapter. */
export async function chapterTitleIn(db: Executor, projectId: number, chapterId: number) {
  const [row] = await db
    .select({ title: chapters.title })
    .from(chapters)
    .where(and(eq(chapters.id, chapterId), eq(chapters.projectId, projectId)));
  return row?.title ?? null;
}
