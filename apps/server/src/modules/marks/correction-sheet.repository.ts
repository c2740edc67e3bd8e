import type { MarkState } from '@koma/shared';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { chapterPages } from '../pages/pages.table.js';
import { pageCommits } from './marked-page.repository.js';
import { pageMarks } from './marks.table.js';

/** One page, or every page of a chapter. */
export type SheetScope = { pageId: number } | { chapterId: number };

/**
 * The pages of the scope that have marks in these states, in page order: only ids and numbers,
 * so a chapter's list is small; each page's marks are read when its turn comes.
 */
export async function markedPages(db: Executor, scope: SheetScope, states: readonly MarkState[]) {
  return db
    .selectDistinct({ id: chapterPages.id, num: chapterPages.num, fileKey: chapterPages.fileKey })
    .from(chapterPages)
    .innerJoin(pageMarks, eq(pageMarks.pageId, chapterPages.id))
    .where(
      and(
        'pageId' in scope ? eq(chapterPages.id, scope.pageId) : eq(chapterPages.chapterId, scope.chapterId),
        inArray(pageMarks.state, [...states]),
      ),
    )
    .orderBy(asc(chapterPages.num));
}
export type MarkedPage = Awaited<ReturnType<typeof markedPages>>[number];

/**
 * The page's latest file, as the viewer orders its revisions (docs/viewer.md): the last file handed
 * in to its last step, or the storyboard file when no step has one.
 */
export async function latestFileKey(db: Executor, page: { id: number; fileKey: string }) {
  const commits = pageCommits(db, page.id);
  const [row] = await db
    .select({ fileKey: commits.fileKey })
    .from(commits)
    .where(ne(commits.fileKey, ''))
    .orderBy(desc(commits.sort), desc(commits.eventId))
    .limit(1);
  return row?.fileKey ?? page.fileKey;
}
