import { ChapterStatus, MarkState, ProjectStatus } from '@koma/shared';
import { and, asc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { chapterTodoColumns } from '../chapters/chapter-todos.repository.js';
import { chapters } from '../chapters/chapters.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { projects } from '../projects/projects.table.js';
import { workflowSteps } from '../workflow/workflow.table.js';
import { pageMarks } from './marks.table.js';

// The states as literals, not parameters: the partial indexes' predicates (marks.table.ts) match them.
const isOpen = sql`${pageMarks.state} = ${sql.raw(`'${MarkState.OPEN}'`)}`;
const isResolved = sql`${pageMarks.state} = ${sql.raw(`'${MarkState.RESOLVED}'`)}`;

/**
 * The marks of the mark to-do types (docs/marks.md, "Notices and to-dos"), for one reader:
 * open marks on the reader's step (or on the storyboard page the reader uploaded), and resolved
 * marks the reader drew, waiting for their confirmation.
 */
export const MARK_TODO_CONDITIONS = {
  open: (userId: number) =>
    and(
      isOpen,
      or(
        eq(workflowSteps.ownerUserId, userId),
        and(isNull(pageMarks.stepId), eq(chapterPages.uploadedBy, userId)),
      ),
    ),
  toConfirm: (userId: number) => and(isResolved, eq(pageMarks.authorId, userId)),
};

/**
 * The pages with marks matching `condition` (one item a page) in ongoing projects; not those of a
 * 校了 chapter, whose marks nobody may change any more (docs/marks.md, "A 校了 chapter").
 */
function pagesWith(db: Executor, condition: SQL | undefined) {
  return db
    .select({
      pageId: pageMarks.pageId,
      marks: sql<number>`count(*)`.mapWith(Number).as('marks'),
    })
    .from(pageMarks)
    .innerJoin(chapterPages, eq(chapterPages.id, pageMarks.pageId))
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .leftJoin(workflowSteps, eq(workflowSteps.id, pageMarks.stepId))
    .where(
      and(eq(projects.status, ProjectStatus.ONGOING), ne(chapters.status, ChapterStatus.FINISHED), condition),
    )
    .groupBy(pageMarks.pageId)
    .as('marked');
}

/** How many marks match (the tile's number, in the unit its title names) and on how many pages (the list's rows). */
export async function countMarkTodos(db: Executor, condition: SQL | undefined) {
  const marked = pagesWith(db, condition);
  const [row] = await db
    .select({
      marks: sql<number>`coalesce(sum(${marked.marks}), 0)`.mapWith(Number),
      pages: sql<number>`count(*)`.mapWith(Number),
    })
    .from(marked);
  return { marks: row?.marks ?? 0, pages: row?.pages ?? 0 };
}

/** The pages of one mark to-do type with how many marks each, chapter by chapter in page order. */
export async function markTodos(db: Executor, condition: SQL | undefined, limit: number, offset: number) {
  const marked = pagesWith(db, condition);
  return db
    .select({
      ...chapterTodoColumns,
      pageId: chapterPages.id,
      pageNum: chapterPages.num,
      marks: marked.marks,
    })
    .from(marked)
    .innerJoin(chapterPages, eq(chapterPages.id, marked.pageId))
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .innerJoin(projects, eq(projects.id, chapters.projectId))
    .innerJoin(users, eq(users.id, projects.userId))
    .orderBy(asc(chapters.checkAt), asc(chapters.id), asc(chapterPages.num))
    .limit(limit)
    .offset(offset);
}
