import { type AnyColumn, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { pageRevisions } from './page-revisions.table.js';
import { chapterPages } from './pages.table.js';

/** Keeps a file the page was given, beside the earlier ones (docs/production.md, "Storyboard revisions"). */
export async function insertRevision(db: Executor, pageId: number, fileKey: string, userId: number) {
  await db.insert(pageRevisions).values({ pageId, fileKey, uploadedBy: userId });
}

/** Every file a page was given, oldest first, with who uploaded it. */
export async function revisionsOfPage(db: Executor, pageId: number) {
  return db
    .select({
      id: pageRevisions.id,
      fileKey: pageRevisions.fileKey,
      createdAt: pageRevisions.createdAt,
      userId: pageRevisions.uploadedBy,
      nickname: users.nickname,
    })
    .from(pageRevisions)
    .leftJoin(users, eq(users.id, pageRevisions.uploadedBy))
    .where(eq(pageRevisions.pageId, pageId))
    .orderBy(asc(pageRevisions.id));
}

/** The storyboard files of a chapter's pages, page by page, oldest first: the viewer's revisions. */
export async function revisionsOfChapter(db: Executor, chapterId: number) {
  return db
    .select({ pageId: pageRevisions.pageId, fileKey: pageRevisions.fileKey })
    .from(pageRevisions)
    .innerJoin(chapterPages, eq(chapterPages.id, pageRevisions.pageId))
    .where(eq(chapterPages.chapterId, chapterId))
    .orderBy(asc(pageRevisions.pageId), asc(pageRevisions.id));
}

/** The keys of every file a page was given (its latest included): they leave storage with the page. */
export async function revisionKeysOfPage(db: Executor, pageId: number): Promise<string[]> {
  const rows = await db
    .select({ fileKey: pageRevisions.fileKey })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId));
  return rows.map((r) => r.fileKey);
}

/** Whether `key` is one of the page's storyboard files, as a column of a query on the page and upload. */
export const isStoryboardRevision = (pageId: AnyColumn, key: AnyColumn) =>
  sql<boolean>`exists (select 1 from ${pageRevisions} where ${pageRevisions.pageId} = ${pageId}
    and ${pageRevisions.fileKey} = ${key})`;
