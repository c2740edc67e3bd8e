import { AuditStatus, ChapterStatus, MAIN_ARTIST_POSITION, MemberKind, StepStatus } from '@koma/shared';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  inProjectsFoundedOrHeld,
  isEditorInCharge,
  isFounderOf,
} from '../chapters/chapter-todos.repository.js';
import { chapters } from '../chapters/chapters.table.js';
import { projectMembers, projects } from '../projects/projects.table.js';
import { workflowSteps } from './workflow.table.js';

/** The conditions of the production to-do types (docs/states.md) over a chapter, for one reader. */
const s = alias(workflowSteps, 's');
const earlier = alias(workflowSteps, 'earlier');

const hasStep = (cond: SQL) =>
  sql`exists (select 1 from ${workflowSteps} as ${sql.identifier('s')} where ${s.chapterId} = ${chapters.id} and ${cond})`;
const inProduction = eq(chapters.status, ChapterStatus.IN_PRODUCTION);

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

export const WORKFLOW_TODO_CONDITIONS = {
  setUpWorkflow: (userId: number) =>
    and(isFounderOf(userId), eq(chapters.status, ChapterStatus.WORKFLOW_SETUP)),
  pageInProgress: (userId: number) =>
    and(
      inProduction,
      hasStep(sql`${s.ownerUserId} = ${userId} and ${s.status} in (${StepStatus.NOT_STARTED}, ${StepStatus.IN_PROGRESS})
        and not exists (select 1 from ${workflowSteps} as ${sql.identifier('earlier')} where ${earlier.pageId} = ${s.pageId}
          and ${earlier.sort} < ${s.sort} and ${earlier.status} <> ${StepStatus.DONE})`),
    ),
  // A step awaiting approval that the reader may decide on. The project filter repeats the
  // approver part of the rule so that the planner starts from the reader's few projects.
  workApproval: (userId: number) =>
    and(
      inProduction,
      inProjectsFoundedOrHeld(userId, (m) => sql`${m.positionId} = ${MAIN_ARTIST_POSITION}`),
      hasStep(
        sql`${s.status} = ${StepStatus.AWAITING_APPROVAL} and ${mayDecideStepSql(userId, {
          projectId: projects.id,
          founderId: projects.userId,
          assigneeId: s.ownerUserId,
        })}`,
      ),
    ),
  workRevision: (userId: number) =>
    and(inProduction, hasStep(sql`${s.ownerUserId} = ${userId} and ${s.status} = ${StepStatus.REJECTED}`)),
  finalAudit: (userId: number) =>
    and(eq(chapters.auditStatus, AuditStatus.WAITING), isEditorInCharge(userId)),
  finalAuditRejected: (userId: number) =>
    and(isFounderOf(userId), eq(chapters.auditStatus, AuditStatus.REJECTED)),
};
