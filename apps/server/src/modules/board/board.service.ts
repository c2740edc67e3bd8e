import { type boardListData, LiveEvent, NoticeKind } from '@koma/shared';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps.js';
import { noticeTarget, type PendingNotice, pushNotices, storeNotices } from '../notices/notices.service.js';
import { memberIds, type ProjectAccess } from '../projects/projects.policy.js';
import * as repo from './board.repository.js';

type BoardListData = z.infer<typeof boardListData>;

export interface BoardPage {
  page: number;
  pageSize: number;
  before?: number | null;
}

export function createBoardService(deps: Deps) {
  const { db, live } = deps;
  return {
    /** A page of posts shown oldest first (newest last), so the drawer reads like a chat. */
    async list({ projectId }: ProjectAccess, { page, pageSize, before }: BoardPage): Promise<BoardListData> {
      const rows = await repo.listPosts(db, projectId, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        beforeId: before,
      });
      return {
        list: rows.reverse().map((r) => ({
          id: r.id,
          from_uid: r.userId,
          from_nickname: r.nickname,
          pic: r.pic,
          content: r.content,
          create_time: r.createdAt.toISOString(),
        })),
        total: await repo.countPosts(db, projectId),
      };
    },

    /** Posts as `user` (a member: the route's `who`); every other member gets a notice and every member's open drawer refreshes. */
    async add(
      user: { id: number; nickname: string },
      project: ProjectAccess,
      content: string,
    ): Promise<void> {
      const { projectId } = project;
      const pending: PendingNotice[] = [];
      let team: number[] = [];
      await db.transaction(async (tx) => {
        await repo.insertPost(tx, projectId, user.id, content);
        team = await memberIds(tx, projectId);
        for (const memberId of team) {
          if (memberId === user.id) continue;
          pending.push({
            userId: memberId,
            kind: NoticeKind.BOARD_POST,
            params: { nickname: user.nickname, project: project.title },
            target: noticeTarget.board(projectId),
          });
        }
        await storeNotices(deps, tx, pending);
      });
      pushNotices(deps, pending);
      live.publish(team, { event: LiveEvent.BOARD, data: { projectId } });
    },
  };
}
