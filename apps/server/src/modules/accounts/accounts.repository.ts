import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { mailTokens, sessions, users } from './accounts.table.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Moves an account from one status to another; false when it was not in `from` any more. */
export async function updateUserStatus(db: Executor, id: number, from: number, to: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.status, from)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function updatePasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
}

export async function clearFirstLogin(db: Executor, id: number): Promise<void> {
  await db
    .update(users)
    .set({ isFirst: false })
    .where(and(eq(users.id, id), eq(users.isFirst, true)));
}

// --- sessions -------------------------------------------------------------------------------

export async function insertSession(db: Executor, tokenHash: string, userId: number, expiresAt: Date) {
  await db.insert(sessions).values({ tokenHash, userId, expiresAt });
}

/** The account as its owner sees it on every page (GET /api/cartoonser/index). */
export const ownAccountColumns = {
  id: users.id,
  nickname: users.nickname,
  email: users.email,
  pic: users.pic,
  icon: users.icon,
  loginattr: users.loginattr,
  isFirst: users.isFirst,
  roles: users.roles,
  positions: users.positions,
  creativecap: users.creativecap,
  medias: users.medias,
  genres: users.genres,
  methods: users.methods,
};

const sessionColumns = {
  userId: users.id,
  nickname: users.nickname,
  loginattr: users.loginattr,
  status: users.status,
  roles: users.roles,
  lastUsedAt: sessions.lastUsedAt,
  expiresAt: sessions.expiresAt,
};

/** A session found by its token's hash, unexpired, with its user. */
const liveSessionOf = () =>
  and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')));

// Every request with a token runs one of these: prepared once (see preparedPerDatabase).
const liveSession = preparedPerDatabase((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionOf())
    .limit(1)
    .prepare('live_session'),
);
const liveSessionWithAccount = preparedPerDatabase((db) =>
  db
    .select({ ...sessionColumns, account: ownAccountColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionOf())
    .limit(1)
    .prepare('live_session_account'),
);

export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await liveSession(db).execute({ tokenHash, now });
  return row;
}

/** The live session with its account read in the same query, for routes about the account itself. */
export async function findLiveSessionWithAccount(db: Executor, tokenHash: string, now: Date) {
  const [row] = await liveSessionWithAccount(db).execute({ tokenHash, now });
  return row;
}

export type OwnAccount = NonNullable<Awaited<ReturnType<typeof findLiveSessionWithAccount>>>['account'];

export async function extendSession(db: Executor, tokenHash: string, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

// --- mailed one-time links ------------------------------------------------------------------

/**
 * Gives the account of `email`, when its status is one of `statuses`, a new link of `purpose`
 * (its older ones of that purpose stop working) and returns the account; undefined when there is
 * no such account. One statement either way, so the time it takes does not tell which it was.
 */
export async function replaceMailToken(
  db: Executor,
  p: { email: string; statuses: number[]; purpose: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<{ id: number; email: string; nickname: string } | undefined> {
  const { rows } = await db.execute<{ id: number; email: string; nickname: string }>(sql`
    with account as (
      select ${users.id} as id, ${users.email} as email, ${users.nickname} as nickname
      from ${users}
      where ${users.email} = ${p.email} and ${inArray(users.status, p.statuses)}
    ), expired as (
      update ${mailTokens} set used_at = ${p.now}
      where user_id in (select id from account) and purpose = ${p.purpose} and used_at is null
    ), stored as (
      insert into ${mailTokens} (token_hash, user_id, purpose, expires_at)
      select ${p.tokenHash}, id, ${p.purpose}, ${p.expiresAt} from account
    )
    select id, email, nickname from account`);
  return rows[0];
}

/** Marks a link used, once: of two concurrent uses only one gets the user id back. */
export async function consumeMailToken(
  db: Executor,
  tokenHash: string,
  purpose: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(mailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(mailTokens.tokenHash, tokenHash),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: mailTokens.userId });
  return row?.userId;
}
