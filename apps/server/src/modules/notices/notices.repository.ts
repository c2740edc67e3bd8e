import type { NoticeTarget } from '@koma/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notices } from './notices.table.js';

export async function insertNotice(
  db: Executor,
  userId: number,
  kind: string,
  params: Record<string, string | number>,
  target: NoticeTarget,
): Promise<void> {
  await db.insert(notices).values({
    userId,
    kind,
    params,
    targetKind: target.kind,
    targetProjectId: target.project_id,
    targetChapterId: target.chapter_id,
    targetPageId: target.page_id,
    targetUserId: target.user_id,
  });
}

export async function listNotices(db: Executor, userId: number, limit: number, offset: number) {
  return db
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(desc(notices.id))
    .limit(limit)
    .offset(offset);
}

/** How many notices the user has, and how many of them are unread: one pass over their notices. */
export async function countNotices(db: Executor, userId: number): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notices.readAt} is null)`.mapWith(Number),
    })
    .from(notices)
    .where(eq(notices.userId, userId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

export async function markAllRead(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(notices)
    .set({ readAt: now })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
}
