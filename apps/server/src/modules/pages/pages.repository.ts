import { DraftPageStatus } from '@koma/shared';
import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { openMarksColumn } from '../marks/marks.repository.js';
import { uploads } from '../uploads/uploads.table.js';
import { pageRevisions } from './page-revisions.table.js';
import { chapterPages, pageNotes } from './pages.table.js';

export type PageRow = typeof chapterPages.$inferSelect;

/** `count` empty draft pages numbered 1..count (a new chapter). */
export async function insertEmptyPages(db: Executor, chapterId: number, pageCount: number): Promise<void> {
  if (pageCount < 1) return;
  const rows = Array.from({ length: pageCount }, (_, i) => ({
    chapterId,
    num: i + 1,
    status: DraftPageStatus.EMPTY,
  }));
  await db.insert(chapterPages).values(rows);
}

/**
 * A page of a chapter of this project (locked for `update` while it changes), or undefined: a page
 * of another project is as unknown as a page that does not exist.
 */
export async function findPage(
  db: Executor,
  projectId: number,
  pageId: number,
  lock?: 'share' | 'update',
): Promise<PageRow | undefined> {
  const query = db
    .select({ page: chapterPages })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .where(and(eq(chapterPages.id, pageId), eq(chapters.projectId, projectId)));
  const [row] = lock ? await query.for(lock, { of: chapterPages }) : await query;
  return row?.page;
}

/** The draft pages of a chapter in order (or just one), with their uploader and their number of notes. */
export async function listPages(db: Executor, chapterId: number, onlyPageId?: number) {
  const which = and(
    eq(chapterPages.chapterId, chapterId),
    onlyPageId ? eq(chapterPages.id, onlyPageId) : undefined,
  );
  const notes = db
    .select({ pageId: pageNotes.pageId, n: count().as('n') })
    .from(pageNotes)
    .innerJoin(chapterPages, eq(chapterPages.id, pageNotes.pageId))
    .where(which)
    .groupBy(pageNotes.pageId)
    .as('notes');
  return db
    .select({
      id: chapterPages.id,
      num: chapterPages.num,
      fileKey: chapterPages.fileKey,
      status: chapterPages.status,
      updatedAt: chapterPages.updatedAt,
      userId: users.id,
      nickname: users.nickname,
      noteCount: sql<number>`coalesce(${notes.n}, 0)`.mapWith(Number),
      // Red-pen marks still open on the storyboard page (docs/marks.md): approving asks first.
      openMarks: openMarksColumn(chapterPages.id, null),
      revisions: sql<number>`(select count(*) from ${pageRevisions}
        where ${pageRevisions.pageId} = ${chapterPages.id})`.mapWith(Number),
    })
    .from(chapterPages)
    .leftJoin(users, eq(users.id, chapterPages.uploadedBy))
    .leftJoin(notes, eq(notes.pageId, chapterPages.id))
    .where(which)
    .orderBy(asc(chapterPages.num), asc(chapterPages.id));
}

/** One page of the list, as listPages gives it. */
export async function listedPage(db: Executor, chapterId: number, pageId: number) {
  const [row] = await listPages(db, chapterId, pageId);
  return row;
}

/** How many pages each draft status has in a chapter. */
export async function pageStatusCounts(db: Executor, chapterId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ status: chapterPages.status, n: count() })
    .from(chapterPages)
    .where(eq(chapterPages.chapterId, chapterId))
    .groupBy(chapterPages.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

export async function countPages(db: Executor, chapterId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chapterPages)
    .where(eq(chapterPages.chapterId, chapterId));
  return row?.n ?? 0;
}

/** Appends an empty page after the last one (the chapter is locked by the caller); its id and number. */
export async function appendPage(db: Executor, chapterId: number): Promise<{ id: number; num: number }> {
  const [row] = await db
    .insert(chapterPages)
    .values({
      chapterId,
      num: sql`(select coalesce(max(${chapterPages.num}), 0) + 1 from ${chapterPages} where ${chapterPages.chapterId} = ${chapterId})`,
      status: DraftPageStatus.EMPTY,
    })
    .returning({ id: chapterPages.id, num: chapterPages.num });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Deletes a page (its notes go with it) and closes the gap in the numbering; the deleted row. */
export async function deletePage(db: Executor, pageId: number): Promise<PageRow | undefined> {
  const [row] = await db.delete(chapterPages).where(eq(chapterPages.id, pageId)).returning();
  if (!row) return undefined;
  await db
    .update(chapterPages)
    .set({ num: sql`${chapterPages.num} - 1` })
    .where(and(eq(chapterPages.chapterId, row.chapterId), gt(chapterPages.num, row.num)));
  return row;
}

/** The page's new file: 3 after the first upload, 6 after any later one. */
export async function replacePageFile(
  db: Executor,
  pageId: number,
  fileKey: string,
  userId: number,
): Promise<PageRow | undefined> {
  const [row] = await db
    .update(chapterPages)
    .set({
      fileKey,
      uploadedBy: userId,
      status: sql`(case when ${chapterPages.status} = ${DraftPageStatus.EMPTY} then ${DraftPageStatus.NOT_REVIEWED} else ${DraftPageStatus.REUPLOADED} end)::smallint`,
      updatedAt: new Date(),
    })
    .where(eq(chapterPages.id, pageId))
    .returning();
  return row;
}

/** The editor's verdict on an uploaded page; undefined when the page has no file. */
export async function reviewPage(db: Executor, pageId: number, status: number): Promise<PageRow | undefined> {
  const [row] = await db
    .update(chapterPages)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(chapterPages.id, pageId), ne(chapterPages.status, DraftPageStatus.EMPTY)))
    .returning();
  return row;
}

/**
 * 全ページ承認: every uploaded page of the chapter not yet approved becomes approved, in one
 * conditional update (the chapter's row is locked by the caller); how many it approved.
 */
export async function approveRemainingPages(db: Executor, chapterId: number): Promise<number> {
  const rows = await db
    .update(chapterPages)
    .set({ status: DraftPageStatus.APPROVED, updatedAt: new Date() })
    .where(
      and(
        eq(chapterPages.chapterId, chapterId),
        ne(chapterPages.status, DraftPageStatus.APPROVED),
        ne(chapterPages.status, DraftPageStatus.EMPTY),
      ),
    )
    .returning({ id: chapterPages.id });
  return rows.length;
}

/** Forgets the upload records of page files leaving storage, so their paths cannot be used again. */
export async function deleteUploads(db: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(uploads).where(inArray(uploads.key, keys));
}

// --- notes ---------------------------------------------------------------------------------

export async function insertNote(db: Executor, pageId: number, userId: number, content: string) {
  await db.insert(pageNotes).values({ pageId, userId, content });
}

/** A page of a draft page's notes, oldest first. */
export async function listNotes(db: Executor, pageId: number, limit: number, offset: number) {
  return db
    .select({
      id: pageNotes.id,
      content: pageNotes.content,
      userId: pageNotes.userId,
      nickname: users.nickname,
      pic: users.pic,
      createdAt: pageNotes.createdAt,
    })
    .from(pageNotes)
    .innerJoin(users, eq(users.id, pageNotes.userId))
    .where(eq(pageNotes.pageId, pageId))
    .orderBy(asc(pageNotes.id))
    .limit(limit)
    .offset(offset);
}

export async function countNotes(db: Executor, pageId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pageNotes).where(eq(pageNotes.pageId, pageId));
  return row?.n ?? 0;
}

// --- to-do items 13, 2 and 4 ---------------------------------------------------------------
