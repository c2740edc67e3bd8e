import { type handOverBody, NoticeKind, ProjectEventKind, StepStatus } from '@koma/shared';
import type { z } from 'zod';
import { badInput, conflict, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import { requireChapter } from '../chapters/chapter-policy.js';
import { noticeTarget, type PendingNotice, storeNotices } from '../notices/notices.service.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import * as team from '../projects/team.repository.js';
import { stepCandidates } from '../projects/team.service.js';
import * as handover from './step-handover.repository.js';
import { lockPage } from './workflow.repository.js';

type HandOverInput = z.output<typeof handOverBody>;

export function createStepHandoverService(deps: Deps) {
  const { db } = deps;
  return {
    /**
     * The founder gives a step not yet approved to someone else who may take its position, so that
     * its owner can leave or be removed (docs/access.md, "Leaving a project"). Started steps too:
     * the plan cannot move them (workflow-assignment.service.ts), this can.
     */
    async handOver(founder: ProjectAccess, founderId: number, input: HandOverInput): Promise<void> {
      const access = await requireChapter(db, founder, input.chapterId);
      const { projectId } = founder;
      const notices: PendingNotice[] = [];
      await db.transaction(async (tx) => {
        const step = await handover.stepOfChapter(tx, input.chapterId, input.stepId);
        if (!step) throw notFound();
        await lockPage(tx, input.chapterId, step.pageId);
        // The recipient's rows are held against a removal committing meanwhile (team.repository.ts).
        await team.shareMemberRows(tx, projectId, [input.toUserId]);
        const fresh = await handover.stepOfChapter(tx, input.chapterId, input.stepId);
        if (!fresh) throw notFound();
        if (fresh.status === StepStatus.DONE) throw conflict('stepAlreadyApproved');
        if (fresh.ownerUserId === input.toUserId) throw badInput('handOverSameOwner');
        const candidates = await stepCandidates(
          tx,
          projectId,
          founder.founderId,
          input.chapterId,
          fresh.positionId,
        );
        if (!candidates.some((c) => c.id === input.toUserId)) throw badInput('assigneeNotMember');
        if (!(await handover.giveStep(tx, fresh.id, fresh.ownerUserId, input.toUserId))) throw conflict();
        await team.insertProjectEvent(tx, {
          projectId,
          kind: ProjectEventKind.STEP_HANDED_OVER,
          actorId: founderId,
          subjectId: fresh.ownerUserId,
          recipientId: input.toUserId,
          chapterTitle: access.chapter.title,
          pageNum: fresh.pageNum,
          positionId: fresh.positionId,
        });
        if (input.toUserId !== founderId)
          notices.push({
            userId: input.toUserId,
            kind: NoticeKind.STEP_HANDED_OVER,
            params: {
              project: founder.title,
              chapter: access.chapter.title,
              page: fresh.pageNum,
              posId: fresh.positionId,
            },
            target: noticeTarget.page(projectId, input.chapterId, fresh.pageId),
          });
        await storeNotices(deps, tx, notices, founderId);
      });
      await announceChapterChange(deps, projectId, input.chapterId, notices);
    },
  };
}
