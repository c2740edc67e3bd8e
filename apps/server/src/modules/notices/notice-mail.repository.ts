import {
  DEFAULT_DIGEST_HOUR,
  DEFAULT_MAIL_TIME_ZONE,
  type Language,
  MailMode,
  type NoticeMailSettings,
} from '@koma/shared';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { noticeMailSettings } from './notice-mail-settings.table.js';
import { notices } from './notices.table.js';

export type StoredMailSettings = typeof noticeMailSettings.$inferSelect;

export async function findMailSettings(
  db: Executor,
  userId: number,
): Promise<StoredMailSettings | undefined> {
  const [row] = await db.select().from(noticeMailSettings).where(eq(noticeMailSettings.userId, userId));
  return row;
}

/** The readers' own modes (only those differing from the defaults), for the notices being stored. */
export async function ownModesOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, StoredMailSettings['kinds']>();
  const rows = await db
    .select({ userId: noticeMailSettings.userId, kinds: noticeMailSettings.kinds })
    .from(noticeMailSettings)
    .where(inArray(noticeMailSettings.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.kinds]));
}

export async function saveMailSettings(
  db: Executor,
  userId: number,
  s: Omit<NoticeMailSettings, 'kinds'> & { kinds: StoredMailSettings['kinds'] },
): Promise<void> {
  const values = { lang: s.lang, timeZone: s.timeZone, digestHour: s.digestHour, kinds: s.kinds };
  await db
    .insert(noticeMailSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: noticeMailSettings.userId, set: values });
}

/** Turns kinds off for the reader, keeping (or defaulting) everything else: one statement. */
export async function turnKindsOff(
  db: Executor,
  userId: number,
  kinds: string[],
  lang: Language,
): Promise<void> {
  const off = Object.fromEntries(kinds.map((kind) => [kind, MailMode.OFF]));
  await db
    .insert(noticeMailSettings)
    .values({ userId, lang, timeZone: DEFAULT_MAIL_TIME_ZONE, digestHour: DEFAULT_DIGEST_HOUR, kinds: off })
    .onConflictDoUpdate({
      target: noticeMailSettings.userId,
      set: { kinds: sql`${noticeMailSettings.kinds} || excluded.kinds` },
    });
}

/** A notice still to be mailed at once, with its reader; undefined once mailed (or gone). */
export async function unmailedNotice(db: Executor, noticeId: number) {
  const [row] = await db
    .select({
      notice: notices,
      email: users.email,
      status: users.status,
      settings: noticeMailSettings,
    })
    .from(notices)
    .innerJoin(users, eq(users.id, notices.userId))
    .leftJoin(noticeMailSettings, eq(noticeMailSettings.userId, notices.userId))
    .where(and(eq(notices.id, noticeId), isNull(notices.mailedAt)));
  return row;
}

/** A notice not mailed at once after all: it waits for its reader's daily digest instead. */
export async function deferToDigest(db: Executor, noticeId: number): Promise<void> {
  await db
    .update(notices)
    .set({ mailMode: MailMode.DIGEST })
    .where(and(eq(notices.id, noticeId), isNull(notices.mailedAt)));
}

export async function markMailed(db: Executor, noticeId: number, now: Date): Promise<void> {
  await db
    .update(notices)
    .set({ mailedAt: now })
    .where(and(eq(notices.id, noticeId), isNull(notices.mailedAt)));
}

/**
 * One batch of the digest run: of the next `limit` readers (by id, after `afterUserId`) with
 * notices waiting for their digest, those whose digest hour it is now in their zone have all those
 * notices claimed (digest_claimed_at = now). One statement: the conditional update claims each
 * notice once, whatever else runs at the same time. `last` is the batch's last reader looked at
 * (null: none left).
 */
export async function claimDigestBatch(
  db: Executor,
  now: Date,
  afterUserId: number,
  limit: number,
): Promise<{ last: number | null; userIds: number[] }> {
  const at = now.toISOString();
  const { rows } = await db.execute<{ last: number | null; users: number[] | string }>(sql`
    with candidates as (
      select distinct ${notices.userId} as user_id from ${notices}
      where ${notices.mailMode} = ${MailMode.DIGEST} and ${notices.digestClaimedAt} is null
        and ${notices.userId} > ${afterUserId}
      order by 1 limit ${limit}
    ), due as (
      select c.user_id from candidates c
      left join ${noticeMailSettings} s on s.user_id = c.user_id
      where extract(hour from ${at}::timestamptz at time zone coalesce(s.time_zone, ${DEFAULT_MAIL_TIME_ZONE}))
        = coalesce(s.digest_hour, ${DEFAULT_DIGEST_HOUR})
    ), claimed as (
      update ${notices} n set digest_claimed_at = ${at}::timestamptz from due
      where n.user_id = due.user_id and n.mail_mode = ${MailMode.DIGEST} and n.digest_claimed_at is null
      returning n.user_id
    )
    select (select max(user_id) from candidates) as last,
      coalesce((select json_agg(distinct user_id) from claimed), '[]'::json) as users`);
  const row = rows[0];
  const users = typeof row?.users === 'string' ? (JSON.parse(row.users) as number[]) : (row?.users ?? []);
  return { last: row?.last == null ? null : Number(row.last), userIds: users.map(Number) };
}

/** The readers of a batch of digests, with their settings. */
export async function digestReaders(db: Executor, userIds: number[]) {
  return db
    .select({ id: users.id, email: users.email, status: users.status, settings: noticeMailSettings })
    .from(users)
    .leftJoin(noticeMailSettings, eq(noticeMailSettings.userId, users.id))
    .where(inArray(users.id, userIds));
}

/** The notices a digest run claimed at `claimedAt` for these readers and not yet mailed. */
const claimedFor = (userIds: number[], claimedAt: Date) =>
  and(
    inArray(notices.userId, userIds),
    eq(notices.mailMode, MailMode.DIGEST),
    eq(notices.digestClaimedAt, claimedAt),
    isNull(notices.mailedAt),
  );

/**
 * Each reader's digest notices not yet mailed, newest first, at most `limit` per reader, each with
 * how many that reader has in all: one statement for a whole batch of readers.
 */
export async function digestNoticesOf(db: Executor, userIds: number[], claimedAt: Date, limit: number) {
  const ranked = db
    .select({
      id: notices.id,
      userId: notices.userId,
      kind: notices.kind,
      params: notices.params,
      createdAt: notices.createdAt,
      targetKind: notices.targetKind,
      targetProjectId: notices.targetProjectId,
      targetChapterId: notices.targetChapterId,
      targetPageId: notices.targetPageId,
      targetUserId: notices.targetUserId,
      rank: sql<number>`row_number() over (partition by ${notices.userId} order by ${notices.id} desc)`.as(
        'rank',
      ),
      total: sql<number>`count(*) over (partition by ${notices.userId})`.mapWith(Number).as('total'),
    })
    .from(notices)
    .where(claimedFor(userIds, claimedAt))
    .as('ranked');
  return db.select().from(ranked).where(lte(ranked.rank, limit)).orderBy(ranked.userId, desc(ranked.id));
}

export async function markDigestMailed(db: Executor, userIds: number[], claimedAt: Date, now: Date) {
  await db.update(notices).set({ mailedAt: now }).where(claimedFor(userIds, claimedAt));
}
