import type { ChapterAccess } from '../chapters/chapter-policy.js';
import { type StepDecision, stepDecision } from '../workflow/step-approval.policy.js';

/**
 * Who may judge the page a mark is on: draw marks, confirm and reopen them (docs/marks.md). The
 * editorial desk (the editor in charge, 副担当, 編集長: docs/access.md, "Editorial seats") judges
 * every page it may read — the storyboard, and a step's revision too, so a 下描き check need not
 * go through the founder (issue 40) — without deciding on the step: approving stays with the
 * step's deciders (workflow/step-approval.policy.ts). A step's revision is judged by those deciders
 * as well, nobody on their own work (the one rule).
 */
export function judgeDecision(
  userId: number,
  access: ChapterAccess,
  assigneeId: number | null,
  mainArtistIds: readonly number[],
): StepDecision {
  if (access.isEditorialDesk && assigneeId !== userId) return 'allowed';
  if (assigneeId === null) return 'notApprover';
  return stepDecision(userId, { founderId: access.founderId, mainArtistIds, assigneeId });
}
