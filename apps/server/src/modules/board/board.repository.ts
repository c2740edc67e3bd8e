import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { boardPosts } from './board.table.js';

export async function insertPost(db: Executor, projectId: number, userId: number, content: string) {
  const [row] = await db.insert(boardPosts).values({ projectId, userId, content }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * One page of a project's posts, newest first: the `limit` posts after skipping `offset`, or, with
 * `beforeId`, the `limit` posts just older than that one.
 */
export async function listPosts(
  db: Executor,
  projectId: number,
  page: { limit: number; offset: number; beforeId?: number | null },
) {
  return db
    .select({
      id: boardPosts.id,
      userId: boardPosts.userId,
      nickname: users.nickname,
      pic: users.pic,
      content: boardPosts.content,
      createdAt: boardPosts.createdAt,
    })
    .from(boardPosts)
    .innerJoin(users, eq(users.id, boardPosts.userId))
    .where(
      and(eq(boardPosts.projectId, projectId), page.beforeId ? lt(boardPosts.id, page.beforeId) : undefined),
    )
    .orderBy(desc(boardPosts.id))
    .limit(page.limit)
    .offset(page.beforeId ? 0 : page.offset);
}

export async function countPosts(db: Executor, projectId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(boardPosts).where(eq(boardPosts.projectId, projectId));
  return row?.n ?? 0;
}
