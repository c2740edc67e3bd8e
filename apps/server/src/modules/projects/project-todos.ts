import { TodoType } from '@koma/shared';
import type { TodoItem, TodoRule } from '../dashboard/todo-rules.js';
import * as recruitmentRepo from '../recruitment/recruitment.repository.js';
import * as repo from './projects.repository.js';

const projectItem = (projectId: number, title: string, user: { id: number; nickname: string }): TodoItem => ({
  project_title: title,
  chapter_title: '',
  projectid: projectId,
  chapterid: null,
  chapter_script_at: null,
  chapter_check_at: null,
  deadline: null,
  project_user: user,
});

/** To-do types 11 (invited editor) and 12 (founder with pending applicants), derived by query. */
export const PROJECT_TODOS: TodoRule[] = [
  {
    type: TodoType.EDITOR_INVITATION,
    count: (db, userId) => repo.countPendingInvitations(db, userId),
    list: async (db, userId, limit, offset) =>
      (await repo.pendingInvitationsOf(db, userId, limit, offset)).map((r) => ({
        ...projectItem(r.projectId, r.title, { id: r.founderId, nickname: r.founderNick }),
        invitation: { message: r.message },
      })),
  },
  {
    type: TodoType.APPLICANT,
    count: (db, userId) => recruitmentRepo.countPendingApplicationsToFounder(db, userId),
    // project_user is the project's user (its founder, here the reader), as for every type.
    list: async (db, userId, limit, offset) => {
      const founder = await repo.findUserBrief(db, userId);
      return (await recruitmentRepo.pendingApplicationsToFounder(db, userId, limit, offset)).map((r) => ({
        ...projectItem(r.projectId, r.title, { id: userId, nickname: founder?.nickname ?? '' }),
        // Tells one applicant's row from another's (a founder may have several at once).
        application: {
          user: { id: r.applicantId, nickname: r.nickname },
          posId: r.positionId,
          createdAt: r.createdAt,
        },
      }));
    },
  },
];
