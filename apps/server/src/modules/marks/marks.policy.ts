import { AuditStatus } from '@koma/shared';
import type { ChapterAccess } from '../chapters/chapter-policy.js';
import { type StepDecision, stepDecision } from '../workflow/step-approval.policy.js';

/**
 * Who may judge the page a mark is on: draw marks, confirm and reopen them (docs/marks.md). The
 * storyboard (`assigneeId` null) is the editorial desk's to judge, and so is every page while
 * the chapter waits for the final audit; a step's revision is judged by those who decide on the
 * step, nobody on their own work (the one rule, workflow/step-approval.policy.ts).
 */
export function judgeDecision(
  userId: number,
  access: ChapterAccess,
  assigneeId: number | null,
  mainArtistIds: readonly number[],
): StepDecision {
  const auditing = access.chapter.auditStatus === AuditStatus.WAITING;
  // The editorial desk: the editor in charge, 副担当 and 編集長 (docs/access.md, "Editorial seats").
  if (access.isEditorialDesk && (assigneeId === null || auditing)) return 'allowed';
  if (assigneeId === null) return 'notApprover';
  return stepDecision(userId, { founderId: access.founderId, mainArtistIds, assigneeId });
}
