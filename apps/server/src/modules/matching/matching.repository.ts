import { PairState } from '@koma/shared';
import { and, asc, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { users } from '../accounts/accounts.table.js';
import { pairs } from './matching.table.js';

/** The database's clock: syncs compare it with updated_at, never with this machine's clock. */
export async function databaseNow(db: Executor): Promise<Date> {
  const [row] = await db.select({ now: sql<string>`now()` }).from(sql`(select 1) as one`);
  return new Date(row?.now ?? Date.now());
}

/**
 * The matching data of people changed since a moment, or, without one, a page of everyone: the
 * `limit` people after id `afterId`, in id order.
 */
export async function loadMatchRows(
  db: Executor,
  since: Date | null,
  page: { afterId: number; limit: number } = { afterId: 0, limit: 0 },
) {
  const query = db
    .select({
      id: users.id,
      loginattr: users.loginattr,
      status: users.status,
      nickname: users.nickname,
      pic: users.pic,
      genres: users.genres,
      medias: users.medias,
      creativecap: users.creativecap,
      adscartoon: users.adscartoon,
      publish: users.publish,
    })
    .from(users)
    .where(since ? gt(users.updatedAt, since) : gt(users.id, page.afterId))
    .$dynamic();
  return since || !page.limit ? query : query.orderBy(asc(users.id)).limit(page.limit);
}

export async function findMatchProfile(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      loginattr: users.loginattr,
      genres: users.genres,
      medias: users.medias,
      creativecap: users.creativecap,
      adscartoon: users.adscartoon,
      publish: users.publish,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

// Every person search and dashboard reads both of these: built and planned once.
const pairStatesQuery = preparedPerDatabase((db) =>
  db
    .select({ from: pairs.fromUserId, to: pairs.toUserId, state: pairs.state })
    .from(pairs)
    .where(or(eq(pairs.fromUserId, sql.placeholder('userId')), eq(pairs.toUserId, sql.placeholder('userId'))))
    .prepare('pair_states_of'),
);

const incomingPairs = preparedPerDatabase((db) =>
  db
    .select({
      msgId: pairs.id,
      userid: users.id,
      nick: users.nickname,
      head: users.pic,
      message: pairs.message,
    })
    .from(pairs)
    .innerJoin(users, eq(users.id, pairs.fromUserId))
    .where(and(eq(pairs.toUserId, sql.placeholder('userId')), eq(pairs.state, PairState.APPLIED)))
    .orderBy(desc(pairs.id))
    .prepare('incoming_pairs'),
);

/** The state of every pairing the user is part of, by the other person's id. */
export async function pairStatesOf(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await pairStatesQuery(db).execute({ userId });
  return new Map(rows.map((r) => [r.from === userId ? r.to : r.from, r.state]));
}

export async function insertPair(db: Executor, fromUserId: number, toUserId: number, message: string) {
  const [row] = await db
    .insert(pairs)
    .values({ fromUserId, toUserId, message, state: PairState.APPLIED })
    .returning({ id: pairs.id });
  return row;
}

export async function findPair(db: Executor, id: number) {
  const [row] = await db.select().from(pairs).where(eq(pairs.id, id)).limit(1);
  return row;
}

export async function findPairBetween(db: Executor, a: number, b: number) {
  const [row] = await db
    .select()
    .from(pairs)
    .where(
      or(
        and(eq(pairs.fromUserId, a), eq(pairs.toUserId, b)),
        and(eq(pairs.fromUserId, b), eq(pairs.toUserId, a)),
      ),
    )
    .limit(1);
  return row;
}

/** Answers a pending pairing addressed to `toUserId`; undefined when it was already answered. */
export async function decidePair(
  db: Executor,
  id: number,
  toUserId: number,
  state: number,
  replyMessage: string,
) {
  const [row] = await db
    .update(pairs)
    .set({ state, replyMessage, updatedAt: new Date() })
    .where(and(eq(pairs.id, id), eq(pairs.toUserId, toUserId), eq(pairs.state, PairState.APPLIED)))
    .returning();
  return row;
}

export async function listIncomingPairs(db: Executor, userId: number) {
  return incomingPairs(db).execute({ userId });
}
