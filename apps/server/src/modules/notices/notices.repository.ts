import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notices } from './notices.table.js';

export async function insertNotice(
  db: Executor,
  userId: number,
  kind: string,
  params: Record<string, string | number>,
): Promise<void> {
  await db.insert(notices).values({ userId, kind, params });
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

export async function countNotices(db: Executor, userId: number): Promise<{ total: number; unread: number }> {
  const [all] = await db.select({ n: count() }).from(notices).where(eq(notices.userId, userId));
  const [unread] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return { total: all?.n ?? 0, unread: unread?.n ?? 0 };
}

export async function markAllRead(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(notices)
    .set({ readAt: now })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
}
