import {
  ChapterStatus,
  DraftPageStatus,
  type Language,
  NoticeKind,
  type PageRevisionEntry,
} from '@koma/shared';
import { conflict, notFound } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import { requireChapter } from '../chapters/chapter-policy.js';
import { chapterTeamIds } from '../chapters/chapter-team.repository.js';
import * as chaptersRepo from '../chapters/chapters.repository.js';
import { markCountsOfStoryboard, NO_MARKS } from '../marks/mark-counts.repository.js';
import { noticeTarget, type PendingNotice, storeNotices } from '../notices/notices.service.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { renditionsOfUploads } from '../renditions/rendition-links.js';
import { uploadsByKeys } from '../uploads/uploads.repository.js';
import { revisionsOfPage } from './page-revisions.repository.js';
import * as repo from './pages.repository.js';

/**
 * The editor's review of a storyboard beyond one page at a time (docs/production.md, "Storyboard
 * revisions" and "Approving the whole name"): a page's history of files, and 全ページ承認.
 */
export function createNameReviewService(deps: Deps) {
  const { db } = deps;

  return {
    /** Every file the page was given, newest first, each with the marks drawn on it (members). */
    async revisions(member: ProjectAccess, pageId: number, lang: Language): Promise<PageRevisionEntry[]> {
      const page = await repo.findPage(db, member.projectId, pageId);
      if (!page) throw notFound();
      const [rows, marks] = await Promise.all([
        revisionsOfPage(db, page.id),
        markCountsOfStoryboard(db, page.id),
      ]);
      const uploads = await uploadsByKeys(db, [...new Set(rows.map((r) => r.fileKey))]);
      const uploadOf = new Map(uploads.map((u) => [u.key, u]));
      const renditions = await renditionsOfUploads(deps, uploads, lang);
      const entries = rows.flatMap((row, i) => {
        const upload = uploadOf.get(row.fileKey);
        if (!upload) return [];
        return [
          {
            id: upload.id,
            version: i + 1,
            user: row.userId === null ? null : { id: row.userId, nickname: row.nickname ?? '' },
            create_time: row.createdAt.toISOString(),
            renditions: renditions.get(upload.id) ?? null,
            marks: marks.get(row.fileKey) ?? NO_MARKS,
          },
        ];
      });
      return entries.reverse();
    },

    /**
     * 全ページ承認 (editor in charge, chapter 4): every uploaded page not yet approved is approved
     * and the name with it (→ 2), in one transaction whose first statement moves the chapter only
     * if it still waits for the editor: a page reviewed, a send-back or a second 全ページ承認 at
     * the same time either commits first (and this finds the chapter moved: 409) or waits.
     */
    async approveAll(userId: number, editor: ProjectAccess, chapterId: number) {
      const access = await requireChapter(db, editor, chapterId);
      if (access.chapter.status !== ChapterStatus.AWAITING_EDITOR) throw conflict('namesNotInReview');
      const pending: PendingNotice[] = [];
      const result = await db.transaction(async (tx) => {
        const moved = await chaptersRepo.moveChapterStatus(
          tx,
          chapterId,
          [ChapterStatus.AWAITING_EDITOR],
          ChapterStatus.WORKFLOW_SETUP,
        );
        if (!moved) throw conflict('namesNotInReview');
        const counts = await repo.pageStatusCounts(tx, chapterId);
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        if (total === 0) throw conflict('namesEmpty');
        if ((counts.get(DraftPageStatus.EMPTY) ?? 0) > 0) throw conflict('namesIncomplete');
        const approved = await repo.approveRemainingPages(tx, chapterId);
        const params = { project: access.title, chapter: access.chapter.title };
        const target = noticeTarget.storyboard(editor.projectId, chapterId);
        for (const memberId of await chapterTeamIds(tx, editor.projectId, chapterId))
          if (memberId !== userId)
            pending.push({ userId: memberId, kind: NoticeKind.NAME_APPROVED, params, target });
        await storeNotices(deps, tx, pending, userId);
        return { approved, total };
      });
      await announceChapterChange(deps, editor.projectId, chapterId, pending);
      return result;
    },
  };
}
