import type { MailMode, NoticeTarget } from '@koma/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { notices } from './notices.table.js';

/** Stores notices in one statement; replies each one's id and mail mode, in order. */
export async function insertNotices(
  db: Executor,
  rows: {
    userId: number;
    kind: string;
    params: Record<string, string | number>;
    target: NoticeTarget;
    mailMode: MailMode | null;
  }[],
): Promise<{ id: number; mailMode: string | null }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notices)
    .values(
      rows.map((n) => ({
        userId: n.userId,
        kind: n.kind,
        params: n.params,
        targetKind: n.target.kind,
        targetProjectId: n.target.project_id,
        targetChapterId: n.target.chapter_id,
        targetPageId: n.target.page_id,
        targetUserId: n.target.user_id,
        mailMode: n.mailMode,
      })),
    )
    .returning({ id: notices.id, mailMode: notices.mailMode });
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

/** The nickname a notice names its actor by ('' for an account gone). */
export async function nicknameOf(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
  return row?.nickname ?? '';
}
