import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { projects } from '../projects/projects.table.js';
import { reviewGuests as guests, reviewLinks as links } from './review-links.table.js';

export type ReviewLinkRow = typeof links.$inferSelect;
export type NewReviewLink = typeof links.$inferInsert;

export async function countLinks(db: Executor, chapterId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(links).where(eq(links.chapterId, chapterId));
  return row?.n ?? 0;
}

export async function insertLink(db: Executor, link: NewReviewLink): Promise<number> {
  const [row] = await db.insert(links).values(link).returning({ id: links.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** A chapter's links, newest first, with who made each and the names its guests gave. */
export async function listLinks(db: Executor, chapterId: number) {
  const names = db
    .select({
      linkId: guests.linkId,
      names: sql<string[]>`array_agg(${guests.name} order by ${guests.id})`.as('names'),
    })
    .from(guests)
    .groupBy(guests.linkId)
    .as('names');
  return db
    .select({ link: links, nickname: users.nickname, guests: names.names })
    .from(links)
    .innerJoin(users, eq(users.id, links.createdBy))
    .leftJoin(names, eq(names.linkId, links.id))
    .where(eq(links.chapterId, chapterId))
    .orderBy(desc(links.id));
}

/** Revokes one open link of the chapter; null when there is none (unknown, or revoked already). */
export async function revokeLink(db: Executor, chapterId: number, linkId: number, by: number, now: Date) {
  const [row] = await db
    .update(links)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(links.id, linkId), eq(links.chapterId, chapterId), isNull(links.revokedAt)))
    .returning({ id: links.id });
  return row ?? null;
}

export async function findLink(db: Executor, chapterId: number, linkId: number) {
  const [row] = await db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.id, linkId), eq(links.chapterId, chapterId)));
  return row ?? null;
}

/** Revokes every link of the chapter that is neither revoked nor expired; how many it revoked. */
export async function revokeAllLinks(db: Executor, chapterId: number, by: number, now: Date) {
  const rows = await db
    .update(links)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(links.chapterId, chapterId), isNull(links.revokedAt), gt(links.expiresAt, now)))
    .returning({ id: links.id });
  return rows.length;
}

export async function findLinkByToken(db: Executor, tokenHash: string): Promise<ReviewLinkRow | null> {
  const [row] = await db.select().from(links).where(eq(links.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Counts one view, only while the link is open and under its cap: of two guests opening the last
 * view at once, exactly one gets it. Null when the link was closed meanwhile.
 */
export async function countView(db: Executor, linkId: number, now: Date) {
  const [row] = await db
    .update(links)
    .set({ views: sql`${links.views} + 1` })
    .where(
      and(
        eq(links.id, linkId),
        isNull(links.revokedAt),
        gt(links.expiresAt, now),
        lt(links.views, links.maxViews),
      ),
    )
    .returning({ id: links.id });
  return row ?? null;
}

export async function insertGuest(db: Executor, guest: { linkId: number; name: string; tokenHash: string }) {
  const [row] = await db.insert(guests).values(guest).returning({ id: guests.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** The guest a guest token names, with its link. */
export async function findGuest(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ guest: guests, link: links })
    .from(guests)
    .innerJoin(links, eq(links.id, guests.linkId))
    .where(eq(guests.tokenHash, tokenHash));
  return row ?? null;
}

export async function touchGuest(db: Executor, guestId: number, now: Date): Promise<void> {
  await db.update(guests).set({ lastSeenAt: now }).where(eq(guests.id, guestId));
}

/** The titles a guest sees above the pages. */
export async function titlesOf(db: Executor, chapterId: number) {
  const [row] = await db
    .select({ chapterTitle: chapters.title, projectTitle: projects.title })
    .from(chapters)
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .where(eq(chapters.id, chapterId));
  return row ?? null;
}
