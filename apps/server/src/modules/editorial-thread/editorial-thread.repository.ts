import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { editorialThreadPosts as posts } from './editorial-thread.table.js';

export async function insertPost(
  db: Executor,
  post: { projectId: number; chapterId: number; userId: number; content: string },
) {
  const [row] = await db.insert(posts).values(post).returning({ id: posts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * One page of a chapter's posts, newest first: the `limit` posts after skipping `offset`, or,
 * with `beforeId`, the `limit` posts just older than that one.
 */
export async function listPosts(
  db: Executor,
  chapterId: number,
  page: { limit: number; offset: number; beforeId?: number | null },
) {
  return db
    .select({
      id: posts.id,
      userId: posts.userId,
      nickname: users.nickname,
      pic: users.pic,
      content: posts.content,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.chapterId, chapterId), page.beforeId ? lt(posts.id, page.beforeId) : undefined))
    .orderBy(desc(posts.id))
    .limit(page.limit)
    .offset(page.beforeId ? 0 : page.offset);
}

export async function countPosts(db: Executor, chapterId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(posts).where(eq(posts.chapterId, chapterId));
  return row?.n ?? 0;
}
