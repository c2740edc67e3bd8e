import { NoticeTargetKind } from '@koma/shared/constants';
import type { NoticeTarget } from '@koma/shared/schemas';

/** Where a notice leads: a screen, or a person's profile (a popup, not a route). */
export type NoticeDestination = { path: string } | { profileOf: number };

const projectPath = (projectId: number) => `/projectDetails/projectDetails?proId=${projectId}`;
const chapterQuery = (projectId: number, chapterId: number) =>
  `projectId=${projectId}&chapterId=${chapterId}`;

/**
 * The one map from a notice's target to the screen that shows it (docs/notices.md). Null for a
 * notice without a target (stored before targets existed) or one missing an id its kind needs:
 * it stays plain text.
 */
export function noticeDestination(target: NoticeTarget | null): NoticeDestination | null {
  if (!target) return null;
  const { project_id: projectId, chapter_id: chapterId, page_id: pageId, user_id: userId } = target;
  switch (target.kind) {
    case NoticeTargetKind.PERSON:
      return userId ? { profileOf: userId } : null;
    case NoticeTargetKind.PROJECT:
      return projectId ? { path: projectPath(projectId) } : null;
    case NoticeTargetKind.APPLICANTS:
      return projectId ? { path: `${projectPath(projectId)}&activeName=projectOperate&activeMenu=3` } : null;
    case NoticeTargetKind.BOARD:
      return projectId ? { path: `${projectPath(projectId)}&board=open` } : null;
    case NoticeTargetKind.STORYBOARD:
      return projectId && chapterId
        ? { path: `/chapter/script?${chapterQuery(projectId, chapterId)}` }
        : null;
    case NoticeTargetKind.CHAPTER:
      return projectId && chapterId
        ? { path: `/chapter/details?${chapterQuery(projectId, chapterId)}` }
        : null;
    case NoticeTargetKind.PAGE:
      if (!projectId || !chapterId) return null;
      return {
        path: `/chapter/details?${chapterQuery(projectId, chapterId)}${pageId ? `&pageId=${pageId}` : ''}`,
      };
    default:
      return null;
  }
}
