import { AccountStatus, PairState } from '@koma/shared';
import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { containsPattern, smallintArray } from '../../lib/sql-helpers.js';
import { users } from '../accounts/accounts.table.js';
import { type MatchProfile, matchScore } from './match-score.js';
import { pairs } from './matching.table.js';

export interface PersonFilter {
  viewerId: number;
  kind: number;
  nick: string;
  status?: number | null;
  genres: number[];
  medias: number[];
  creativecap: number[];
  adscartoon?: number | null;
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

/** The pairing between the viewer and each candidate, whoever asked: one row per two people. */
const pairWith = (viewerId: number) =>
  and(
    sql`least(${pairs.fromUserId}, ${pairs.toUserId}) = least(${viewerId}::int, ${users.id})`,
    sql`greatest(${pairs.fromUserId}, ${pairs.toUserId}) = greatest(${viewerId}::int, ${users.id})`,
  );

function personWhere(f: PersonFilter): SQL | undefined {
  const statusFilter =
    f.status === PairState.NOT_APPLIED
      ? sql`${pairs.id} is null`
      : f.status
        ? eq(pairs.state, f.status)
        : undefined;
  return and(
    eq(users.loginattr, f.kind),
    eq(users.status, AccountStatus.ACTIVE),
    ne(users.id, f.viewerId),
    f.nick ? ilike(users.nickname, containsPattern(f.nick)) : undefined,
    f.genres.length ? sql`${users.genres} && ${smallintArray(f.genres)}` : undefined,
    f.medias.length ? sql`${users.medias} && ${smallintArray(f.medias)}` : undefined,
    f.creativecap.length ? sql`${users.creativecap} && ${smallintArray(f.creativecap)}` : undefined,
    f.adscartoon ? eq(users.adscartoon, f.adscartoon) : undefined,
    statusFilter,
  );
}

/** People of one kind ordered by match with the viewer, then newest; with the total. */
export async function searchPeople(
  db: Executor,
  viewer: MatchProfile,
  f: PersonFilter,
  limit: number,
  offset: number,
) {
  const match = matchScore(viewer);
  const where = personWhere(f);
  const list = await db
    .select({
      userid: users.id,
      nickname: users.nickname,
      pic: users.pic,
      match: sql<number>`${match}`.mapWith(Number),
      state: sql<number>`coalesce(${pairs.state}, ${PairState.NOT_APPLIED})`.mapWith(Number),
    })
    .from(users)
    .leftJoin(pairs, pairWith(f.viewerId))
    .where(where)
    .orderBy(desc(match), desc(users.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(pairs, pairWith(f.viewerId))
    .where(where);
  return { list, total: total?.n ?? 0 };
}

/** The best-matching people of a kind the viewer has no pairing with yet. */
export async function recommendPeople(
  db: Executor,
  viewer: MatchProfile,
  viewerId: number,
  kind: number,
  limit: number,
) {
  const match = matchScore(viewer);
  return db
    .select({
      userid: users.id,
      nick: users.nickname,
      head: users.pic,
      match: sql<number>`${match}`.mapWith(Number),
    })
    .from(users)
    .leftJoin(pairs, pairWith(viewerId))
    .where(
      and(
        eq(users.loginattr, kind),
        eq(users.status, AccountStatus.ACTIVE),
        ne(users.id, viewerId),
        sql`${pairs.id} is null`,
      ),
    )
    .orderBy(desc(match), desc(users.id))
    .limit(limit);
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
  return db
    .select({
      msgId: pairs.id,
      userid: users.id,
      nick: users.nickname,
      head: users.pic,
      message: pairs.message,
    })
    .from(pairs)
    .innerJoin(users, eq(users.id, pairs.fromUserId))
    .where(and(eq(pairs.toUserId, userId), eq(pairs.state, PairState.APPLIED)))
    .orderBy(desc(pairs.id));
}
