import { AuditStatus, ChapterStatus, MAIN_ARTIST_POSITION, MemberKind } from '@koma/shared';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isFounderOf, maySignOffChapter } from '../chapters/chapter-todos.repository.js';
import { chapters } from '../chapters/chapters.table.js';
import { projectMembers } from '../projects/projects.table.js';

const artist = alias(projectMembers, 'artist');
/** A main artist of the project matching `who` (on alias `artist`). */
const hasMainArtist = (projectId: Column, who: SQL) =>
  sql`exists (select 1 from ${projectMembers} as ${sql.identifier('artist')} where ${artist.projectId} = ${projectId}
    and ${artist.kind} = ${MemberKind.MEMBER} and ${artist.positionId} = ${MAIN_ARTIST_POSITION} and ${who})`;

/**
 * The reader may pass or send back the step: `stepDecision` of step-approval.policy.ts in SQL (an
 * approver, and not the assignee unless no one else approves). step-approval.test.ts checks
 * that both give the same answers.
 */
export function mayDecideStepSql(
  userId: number,
  step: { projectId: Column; founderId: Column; assigneeId: Column },
): SQL {
  const isApprover = sql`(${step.founderId} = ${userId} or ${hasMainArtist(step.projectId, sql`${artist.userId} = ${userId}`)})`;
  const nobodyElse = sql`(${step.founderId} = ${userId} and not ${hasMainArtist(step.projectId, sql`${artist.userId} <> ${userId}`)})`;
  return sql`(${isApprover} and (${step.assigneeId} <> ${userId} or ${nobodyElse}))`;
}

/**
 * The conditions of the chapter-wide production to-do types (docs/states.md), for one reader; the
 * page work is one item a step (step-todos.repository.ts).
 */
export const WORKFLOW_TODO_CONDITIONS = {
  setUpWorkflow: (userId: number) =>
    and(isFounderOf(userId), eq(chapters.status, ChapterStatus.WORKFLOW_SETUP)),
  finalAudit: (userId: number) =>
    and(eq(chapters.auditStatus, AuditStatus.WAITING), maySignOffChapter(userId)),
  finalAuditRejected: (userId: number) =>
    and(isFounderOf(userId), eq(chapters.auditStatus, AuditStatus.REJECTED)),
};
