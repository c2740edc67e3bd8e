import { NoticeTargetKind } from './enums.js';
import type { NoticeTarget } from './schemas/people.js';

/** Where a notice leads: a screen, or a person's profile (a popup, not a route). */
export type NoticeDestination = { path: string } | { profileOf: number };

const projectPath = (projectId: number) => `/projectDetails/projectDetails?proId=${projectId}`;
const chapterQuery = (projectId: number, chapterId: number) =>
  `projectId=${projectId}&chapterId=${chapterId}`;

/**
 * The one map from a notice's target to the screen that shows it (docs/notices.md): the bell follows it, and a notice's mail links to it. Null for a
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
    case NoticeTargetKind.EDITORIAL_THREAD:
      return projectId && chapterId
        ? { path: `/chapter/details?${chapterQuery(projectId, chapterId)}&thread=open` }
        : null;
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
    case NoticeTargetKind.INVITATIONS:
      return { path: INVITATIONS_PATH };
    default:
      return null;
  }
}

/** The reader's team invitations waiting for an answer (docs/access.md, "Inviting"). */
export const INVITATIONS_PATH = '/invitations';
/** A mail invitation's link: the screen that shows what it offers, then asks to log in or sign up. */
export const invitationLinkPath = (token: string) => `/invitation?token=${encodeURIComponent(token)}`;

/** Where the reader changes how notices reach them by mail (the profile screen's mail section). */
export const MAIL_SETTINGS_PATH = '/personalInfo/personalInfo#mail-settings';

/**
 * The path a notice's mail links to: its screen, or the dashboard for a person (whose profile
 * the bell opens as a popup, not a route); the dashboard too for a notice without a target.
 */
export function noticeMailPath(target: NoticeTarget | null): string {
  const to = noticeDestination(target);
  return to && 'path' in to ? to.path : '/dashboard';
}
