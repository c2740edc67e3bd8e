import { INVITATIONS_PATH, TodoType } from '@koma/shared/constants';
import { viewerPath } from '../../viewer';
import type { TodoItem } from '../api/todo';

const chapterQuery = (item: TodoItem) => `projectId=${item.projectid}&chapterId=${item.chapterid ?? ''}`;

/**
 * Where 処理へ leads for each task type (docs/states.md, to-do items). Type 11 (editor invitation) has accept
 * and refuse buttons instead: null.
 */
export function todoDestination(type: number, item: TodoItem): string | null {
  switch (type) {
    case TodoType.SUBMIT_NAME:
    case TodoType.NAME_APPROVAL:
    case TodoType.NAME_REVISION:
      return `/chapter/script?${chapterQuery(item)}`;
    case TodoType.SET_UP_WORKFLOW:
      return `/chapter/settings?${chapterQuery(item)}`;
    case TodoType.PAGE_IN_PROGRESS:
    case TodoType.WORK_APPROVAL:
    case TodoType.WORK_REVISION:
    case TodoType.FINAL_AUDIT:
    case TodoType.FINAL_AUDIT_REJECTED:
      return `/chapter/details?${chapterQuery(item)}`;
    case TodoType.MARKS_OPEN:
    case TodoType.MARKS_TO_CONFIRM:
      // The marked page in the viewer, where its marks are drawn (docs/marks.md).
      if (item.chapterid === null) return null;
      return viewerPath(item.projectid, item.chapterid, item.marks ? { page: item.marks.page_num } : {});
    case TodoType.TEAM_INVITATION:
      // Answered on the invitations page, which shows what each one offers.
      return INVITATIONS_PATH;
    case TodoType.APPLICANT:
      return `/projectDetails/projectDetails?proId=${item.projectid}&activeName=projectOperate&activeMenu=3`;
    default:
      return null;
  }
}

export const projectDetailsPath = (projectId: number) => `/projectDetails/projectDetails?proId=${projectId}`;
