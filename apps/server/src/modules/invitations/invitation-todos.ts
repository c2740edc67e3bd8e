import { TodoType } from '@koma/shared';
import type { TodoRule } from '../dashboard/todo-rules.js';
import * as repo from './invitations.repository.js';

/**
 * To-do type 15: team invitations waiting for the reader's answer (docs/states.md). Counted from
 * the invitee's partial index; each item names the project, the chapter offered (if one) and the
 * inviter, and its deadline is the invitation's expiry.
 */
export const INVITATION_TODOS: TodoRule[] = [
  {
    type: TodoType.TEAM_INVITATION,
    count: (db, userId) => repo.countOpenOfInvitee(db, userId, new Date()),
    list: async (db, userId, limit, offset) =>
      (await repo.openOfInvitee(db, userId, new Date(), limit, offset)).map((r) => ({
        project_title: r.projectTitle,
        chapter_title: r.chapterTitle ?? '',
        projectid: r.projectId,
        chapterid: r.chapterId,
        chapter_script_at: null,
        chapter_check_at: null,
        deadline: r.expiresAt,
        project_user: { id: r.inviterId, nickname: r.inviterName },
      })),
  },
];
