import { AuditStatus, ChapterStatus, MAIN_ARTIST_POSITION, StepStatus } from '@koma/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  inProjectsFoundedOrHeld,
  isEditorInCharge,
  isFounderOf,
} from '../chapters/chapter-todos.repository.js';
import { chapters } from '../chapters/chapters.table.js';
import { workflowSteps } from './workflow.table.js';

/** The conditions of the production to-do types (DESIGN.md section 7) over a chapter, for one reader. */
const s = alias(workflowSteps, 's');
const earlier = alias(workflowSteps, 'earlier');

const hasStep = (cond: SQL) =>
  sql`exists (select 1 from ${workflowSteps} as ${sql.identifier('s')} where ${s.chapterId} = ${chapters.id} and ${cond})`;
const inProduction = eq(chapters.status, ChapterStatus.IN_PRODUCTION);

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
  // Approvers: the founder and main artists.
  workApproval: (userId: number) =>
    and(
      inProduction,
      inProjectsFoundedOrHeld(userId, (m) => sql`${m.positionId} = ${MAIN_ARTIST_POSITION}`),
      hasStep(sql`${s.status} = ${StepStatus.AWAITING_APPROVAL}`),
    ),
  workRevision: (userId: number) =>
    and(inProduction, hasStep(sql`${s.ownerUserId} = ${userId} and ${s.status} = ${StepStatus.REJECTED}`)),
  finalAudit: (userId: number) =>
    and(eq(chapters.auditStatus, AuditStatus.WAITING), isEditorInCharge(userId)),
  finalAuditRejected: (userId: number) =>
    and(isFounderOf(userId), eq(chapters.auditStatus, AuditStatus.REJECTED)),
};
