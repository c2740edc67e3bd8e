import { AuditStatus, ChapterStatus, type Language, NoticeKind, ProjectKind } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import { type ChapterAccess, requireChapter } from '../chapters/chapter-policy.js';
import { chapterTeamIds } from '../chapters/chapter-team.repository.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { passGate, passGateAtPass } from '../print/preflight-consents.js';
import { createPrintService, preflightOf } from '../print/print.service.js';
import { openingsFor } from '../projects/openings.js';
import { completeProjectIn } from '../projects/project-completion.js';
import { projectDetailsFor } from '../projects/project-details-cache.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { editorOf } from '../projects/projects.repository.js';
import * as repo from './workflow.repository.js';

/**
 * The final (校了) audit of a chapter (docs/states.md): the founder submits when every page
 * is done, the editor in charge passes (校了; a one-shot project completes) or sends it back.
 */
export function createChapterAuditService(deps: Deps) {
  const { db } = deps;
  const print = createPrintService(deps);

  const params = (access: ChapterAccess) => ({ project: access.title, chapter: access.chapter.title });

  /** A notice of `kind` to every member but the one who acted. */
  async function toTeam(
    tx: Executor,
    access: ChapterAccess,
    actorId: number,
    kind: NoticeKind,
    message = '',
  ) {
    const team = await chapterTeamIds(tx, access.projectId, access.chapter.id);
    return team
      .filter((id) => id !== actorId)
      .map((userId) => ({
        userId,
        kind,
        params: { ...params(access), ...(message ? { message } : {}) },
        target: noticeTarget.chapter(access.projectId, access.chapter.id),
      }));
  }

  return {
    /** `confirmWarnings`: the founder confirmed the preflight's warnings (docs/print.md, "The final audit"). */
    async submit(founder: ProjectAccess, chapterId: number, confirmWarnings = false): Promise<void> {
      const { projectId } = founder;
      const access = await requireChapter(db, founder, chapterId);
      const preflight = await print.preflight(founder, chapterId);
      const editor = await editorOf(db, projectId);
      const notices: PendingNotice[] = editor
        ? [
            {
              userId: editor.uid,
              kind: NoticeKind.FINAL_SUBMITTED,
              params: params(access),
              target: noticeTarget.chapter(projectId, chapterId),
            },
          ]
        : [];
      await db.transaction(async (tx) => {
        // The chapter row lock keeps a concurrent flow change out until this has committed.
        await repo.lockChapter(tx, chapterId);
        if ((await repo.countUnfinishedPages(tx, chapterId)) > 0) throw conflict('pagesNotDone');
        await passGate(tx, founder.founderId, chapterId, preflight, confirmWarnings);
        const moved = await repo.moveAudit(tx, chapterId, [null, AuditStatus.REJECTED], AuditStatus.WAITING, {
          requireStatus: ChapterStatus.IN_PRODUCTION,
        });
        if (!moved) throw conflict();
        await storeNotices(deps, tx, notices, founder.founderId);
      });
      await announceChapterChange(deps, projectId, chapterId, notices);
    },

    async pass(userId: number, editor: ProjectAccess, chapterId: number, lang: Language): Promise<void> {
      const { projectId } = editor;
      const access = await requireChapter(db, editor, chapterId);
      let notices: PendingNotice[] = [];
      let declined: PendingNotice[] = [];
      await db.transaction(async (tx) => {
        const moved = await repo.moveAudit(tx, chapterId, [AuditStatus.WAITING], AuditStatus.PASSED, {
          requireStatus: ChapterStatus.IN_PRODUCTION,
          chapterStatus: ChapterStatus.FINISHED,
        });
        if (!moved) throw conflict();
        // The preflight's gate again, on the spec in force now (a refusal undoes the move).
        await passGateAtPass(tx, userId, chapterId, await preflightOf(tx, projectId, chapterId));
        if ((await repo.projectKind(tx, projectId)) === ProjectKind.ONE_SHOT)
          declined = (await completeProjectIn(deps, tx, { id: projectId, title: access.title }, lang)) ?? [];
        notices = await toTeam(tx, access, userId, NoticeKind.FINAL_APPROVED);
        await storeNotices(deps, tx, notices, userId);
      });
      // A completed one-shot recruits no more.
      openingsFor(db).markStale();
      projectDetailsFor(db).delete(projectId);
      pushNotices(deps, declined);
      await announceChapterChange(deps, projectId, chapterId, notices);
    },

    async reject(userId: number, editor: ProjectAccess, chapterId: number, remark: string): Promise<void> {
      const { projectId } = editor;
      const access = await requireChapter(db, editor, chapterId);
      let notices: PendingNotice[] = [];
      await db.transaction(async (tx) => {
        const moved = await repo.moveAudit(tx, chapterId, [AuditStatus.WAITING], AuditStatus.REJECTED, {
          requireStatus: ChapterStatus.IN_PRODUCTION,
          remark,
        });
        if (!moved) throw conflict();
        notices = await toTeam(tx, access, userId, NoticeKind.FINAL_REJECTED, remark);
        await storeNotices(deps, tx, notices, userId);
      });
      await announceChapterChange(deps, projectId, chapterId, notices);
    },
  };
}
