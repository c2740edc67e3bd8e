import { ChapterStatus, Role } from '@koma/shared/constants';
import { chapterQuery } from './chapter-params';

/** The project's 案件 menu (operate tab, activeMenu 2): where the chapter screens lead back to. */
export const projectChaptersPath = (projectId: number) =>
  `/projectDetails/projectDetails?proId=${projectId}&activeName=projectOperate&activeMenu=2`;

/** Who opens a chapter from the 案件 list. */
export interface ChapterViewer {
  /** The project's founder (the user whose id is the project's userid). */
  isFounder: boolean;
  /** The project's editor in charge, or an account with role 2. */
  isEditor: boolean;
}

export interface ChapterRef {
  id: number;
  status: number;
}

/** Where a chapter opens, or `waiting` when a non-editor opens one awaiting the editor. */
export type ChapterDestination = { path: string } | { waiting: true };

/**
 * Opening a chapter from the 案件 list (docs/states.md, chapter): 1 and 5 →
 * the script screen; 4 → the script screen for editors, otherwise the warning 編集者承認待ち;
 * 2 → the settings screen for the founder, the work screen for others; 3, 6 (and anything
 * else) → the work screen.
 */
export function chapterRoute(
  projectId: number,
  chapter: ChapterRef,
  viewer: ChapterViewer,
): ChapterDestination {
  const query = chapterQuery(projectId, chapter.id);
  const script = { path: `/chapter/script?${query}` };
  const details = { path: `/chapter/details?${query}` };
  switch (chapter.status) {
    case ChapterStatus.NAME_WRITING:
    case ChapterStatus.NAME_REVISION:
      return script;
    case ChapterStatus.AWAITING_EDITOR:
      return viewer.isEditor ? script : { waiting: true };
    case ChapterStatus.WORKFLOW_SETUP:
      return viewer.isFounder ? { path: `/chapter/settings?${query}` } : details;
    default:
      return details;
  }
}

/** The viewer of a project: founder by the project's userid, editor in charge or role 2. */
export function chapterViewer(
  userId: number,
  roles: readonly number[],
  project: { userid: number; editor: { uid: number } | null },
): ChapterViewer {
  return {
    isFounder: project.userid === userId,
    isEditor: project.editor?.uid === userId || roles.includes(Role.EDITOR),
  };
}
