import { AccountStatus, FriendRequestStatus } from '@koma/shared';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { containsPattern } from '../../lib/sql-helpers.js';
import { users } from '../accounts/accounts.table.js';
import { friendRequests, friendships } from './friends.table.js';

export async function findActiveUser(db: Executor, id: number) {
  const [row] = await db
    .select({ id: users.id, nickname: users.nickname, loginattr: users.loginattr })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, AccountStatus.ACTIVE)))
    .limit(1);
  return row;
}

export async function areFriends(db: Executor, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ a: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)))
    .limit(1);
  return !!row;
}

export async function hasPendingRequestBetween(db: Executor, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ id: friendRequests.id })
    .from(friendRequests)
    .where(
      and(
        eq(friendRequests.status, FriendRequestStatus.PENDING),
        or(
          and(eq(friendRequests.fromUserId, a), eq(friendRequests.toUserId, b)),
          and(eq(friendRequests.fromUserId, b), eq(friendRequests.toUserId, a)),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertRequest(db: Executor, fromUserId: number, toUserId: number, message: string) {
  await db.insert(friendRequests).values({ fromUserId, toUserId, message });
}

export async function findRequest(db: Executor, id: number) {
  const [row] = await db.select().from(friendRequests).where(eq(friendRequests.id, id)).limit(1);
  return row;
}

/** Answers a pending request addressed to `toUserId`; undefined when it was not pending any more. */
export async function decideRequest(
  db: Executor,
  id: number,
  toUserId: number,
  status: number,
  replyMessage: string,
) {
  const [row] = await db
    .update(friendRequests)
    .set({ status, replyMessage, updatedAt: new Date() })
    .where(
      and(
        eq(friendRequests.id, id),
        eq(friendRequests.toUserId, toUserId),
        eq(friendRequests.status, FriendRequestStatus.PENDING),
      ),
    )
    .returning();
  return row;
}

const friendIds = preparedPerDatabase((db) =>
  db
    .select({ id: friendships.friendId })
    .from(friendships)
    .where(eq(friendships.userId, sql.placeholder('userId')))
    .prepare('friend_ids'),
);

/** Every friend of `userId`, by id. */
export async function friendIdsOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await friendIds(db).execute({ userId });
  return rows.map((r) => r.id);
}

export async function insertFriendship(db: Executor, a: number, b: number): Promise<void> {
  await db
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing();
}

/** Ends a friendship in both directions; false when there was none. */
export async function deleteFriendship(db: Executor, a: number, b: number): Promise<boolean> {
  const rows = await db
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    )
    .returning({ userId: friendships.userId });
  return rows.length > 0;
}

export async function listIncomingPending(db: Executor, userId: number) {
  return db
    .select({
      msgId: friendRequests.id,
      userId: users.id,
      userName: users.nickname,
      userImg: users.pic,
      message: friendRequests.message,
    })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.fromUserId))
    .where(and(eq(friendRequests.toUserId, userId), eq(friendRequests.status, FriendRequestStatus.PENDING)))
    .orderBy(desc(friendRequests.id));
}

export async function searchFriends(
  db: Executor,
  userId: number,
  filter: { role?: number | null; keywords: string },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(friendships.userId, userId),
    filter.role ? sql`${filter.role} = any(${users.roles})` : undefined,
    filter.keywords ? ilike(users.nickname, containsPattern(filter.keywords)) : undefined,
  );
  const list = await db
    .select({ id: users.id, nickname: users.nickname, pic: users.pic })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(where)
    .orderBy(desc(friendships.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(where);
  return { list, total: total?.n ?? 0 };
}
