import { type editorialThreadListData, LiveEvent, NoticeKind } from '@koma/shared';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps.js';
import { requireChapter } from '../chapters/chapter-policy.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import type { ProjectAccess } from '../projects/projects.policy.js';
import { editorialThreadAudience, requireEditorialThread } from './editorial-thread.policy.js';
import * as repo from './editorial-thread.repository.js';

type ThreadListData = z.infer<typeof editorialThreadListData>;

export interface ThreadPage {
  page: number;
  pageSize: number;
  before?: number | null;
}

export function createEditorialThreadService(deps: Deps) {
  const { db, live } = deps;
  return {
    /** A page of the chapter's posts shown oldest first (newest last), like the board. */
    async list(access: ProjectAccess, chapterId: number, { page, pageSize, before }: ThreadPage) {
      requireEditorialThread(access);
      const { chapter } = await requireChapter(db, access, chapterId);
      const rows = await repo.listPosts(db, chapter.id, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        beforeId: before,
      });
      const data: ThreadListData = {
        list: rows.reverse().map((r) => ({
          id: r.id,
          from_uid: r.userId,
          from_nickname: r.nickname,
          pic: r.pic,
          content: r.content,
          create_time: r.createdAt.toISOString(),
        })),
        total: await repo.countPosts(db, chapter.id),
      };
      return data;
    },

    /**
     * Posts as `user`; the rest of the thread's audience gets a notice (and its mail), and their
     * open threads of the chapter refresh. Nobody outside the audience hears of it.
     */
    async add(user: { id: number }, access: ProjectAccess, chapterId: number, content: string) {
      requireEditorialThread(access);
      const { chapter } = await requireChapter(db, access, chapterId);
      const pending: PendingNotice[] = [];
      let audience: number[] = [];
      await db.transaction(async (tx) => {
        await repo.insertPost(tx, {
          projectId: access.projectId,
          chapterId: chapter.id,
          userId: user.id,
          content,
        });
        audience = await editorialThreadAudience(tx, access.projectId);
        for (const userId of audience) {
          if (userId === user.id) continue;
          pending.push({
            userId,
            kind: NoticeKind.EDITORIAL_THREAD_POST,
            params: { project: access.title, chapter: chapter.title },
            target: noticeTarget.editorialThread(access.projectId, chapter.id),
          });
        }
        await storeNotices(deps, tx, pending, user.id);
      });
      pushNotices(deps, pending);
      live.publish(audience, {
        event: LiveEvent.EDITORIAL_THREAD,
        data: { projectId: access.projectId, chapterId: chapter.id },
      });
    },
  };
}
