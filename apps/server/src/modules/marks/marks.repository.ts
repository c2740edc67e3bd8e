import { MarkState } from '@koma/shared';
import { type AnyColumn, and, asc, count, eq, inArray, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { pageRenditions } from '../renditions/renditions.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { workflowSteps } from '../workflow/workflow.table.js';
import { mainArtistsColumn } from './marked-page.repository.js';
import { pageMarkReplies, pageMarks } from './marks.table.js';

export type MarkRow = typeof pageMarks.$inferSelect;

/** An upload, named by its id or its key, with its original's size once its renditions are made (docs/renditions.md). */
export async function revisionFile(db: Executor, by: { uploadId: number } | { key: string }) {
  const [row] = await db
    .select({ key: uploads.key, width: pageRenditions.width, height: pageRenditions.height })
    .from(uploads)
    .leftJoin(pageRenditions, eq(pageRenditions.uploadId, uploads.id))
    .where('uploadId' in by ? eq(uploads.id, by.uploadId) : eq(uploads.key, by.key));
  return row;
}
export type RevisionFile = NonNullable<Awaited<ReturnType<typeof revisionFile>>>;

/**
 * Locks a page of this project for a change of its marks (`update` to number a pin or count the
 * page's limits, `share` to change one mark) and returns its chapter's status, that row shared
 * until the transaction ends: the final audit passing (an update of that row) waits for a change
 * of marks to commit, and a change that comes after it finds the chapter locked (docs/marks.md, "A
 * 校了 chapter"). Undefined when there is no such page. One statement, as saving a mark is bound by
 * its round trips (bench/README.md, "Saving a mark"); PostgreSQL takes a statement's row locks in
 * the order of its locking clauses, so the chapter is taken before the page, in the order the work
 * flow's plan takes them, and the two never deadlock.
 */
export async function lockPageOfChapter(
  tx: Executor,
  projectId: number,
  pageId: number,
  lock: 'update' | 'share',
) {
  const pageLock = lock === 'update' ? sql`for update of ${chapterPages}` : sql`for share of ${chapterPages}`;
  const { rows } = await tx.execute<{ status: number }>(sql`
    select ${chapters.status} as status from ${chapterPages}
    join ${chapters} on ${chapters.id} = ${chapterPages.chapterId}
    where ${chapterPages.id} = ${pageId} and ${chapters.projectId} = ${projectId}
    for share of ${chapters} ${pageLock}`);
  return rows[0];
}

/** The characters of the replies to a page's marks (char_length, as `LIMITS.pageThreadCharsMax` counts). */
const replyCharsOf = (pageId: number) => sql`(select coalesce(sum(char_length(r.content)), 0)
  from ${pageMarkReplies} r join ${pageMarks} m on m.id = r.mark_id where m.page_id = ${pageId})`;

/**
 * How many marks the page has, its highest pin number and the characters of its threads (every
 * comment and reply); read under the page's row lock.
 */
export async function pageMarkTally(tx: Executor, pageId: number) {
  const [row] = await tx
    .select({
      n: count(),
      top: max(pageMarks.num),
      chars:
        sql<number>`coalesce(sum(char_length(${pageMarks.comment})), 0) + ${replyCharsOf(pageId)}`.mapWith(
          Number,
        ),
    })
    .from(pageMarks)
    .where(eq(pageMarks.pageId, pageId));
  return { n: row?.n ?? 0, top: row?.top ?? 0, chars: row?.chars ?? 0 };
}

/**
 * How many replies a mark has, its row shared until the transaction ends so it cannot be deleted
 * meanwhile; undefined when it is gone.
 */
export async function lockMarkReplies(tx: Executor, markId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({
      replies: sql<number>`(select count(*) from ${pageMarkReplies} r where r.mark_id = ${markId})`.mapWith(
        Number,
      ),
    })
    .from(pageMarks)
    .where(eq(pageMarks.id, markId))
    .for('share', { of: pageMarks });
  return row?.replies;
}

export async function insertMark(tx: Executor, mark: typeof pageMarks.$inferInsert): Promise<MarkRow> {
  const [row] = await tx.insert(pageMarks).values(mark).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * A mark of this project with its page's chapter, the assignee of its step (null on the
 * storyboard) and the project's main artists; a mark of another project is as unknown as one that does not exist.
 */
export async function findMark(db: Executor, projectId: number, markId: number) {
  const [row] = await db
    .select({
      mark: pageMarks,
      chapter: chapters,
      pageNum: chapterPages.num,
      assigneeId: workflowSteps.ownerUserId,
      mainArtists: mainArtistsColumn,
    })
    .from(pageMarks)
    .innerJoin(chapterPages, eq(chapterPages.id, pageMarks.pageId))
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .leftJoin(workflowSteps, eq(workflowSteps.id, pageMarks.stepId))
    .where(and(eq(pageMarks.id, markId), eq(chapters.projectId, projectId)));
  return row;
}

/**
 * Moves a mark from the state its caller saw to `to`, only if it still is in it: of two racing
 * changes exactly one finds the row.
 */
export async function moveMark(tx: Executor, markId: number, from: MarkState, to: MarkState, userId: number) {
  const [row] = await tx
    .update(pageMarks)
    .set({ state: to, stateBy: userId, stateAt: sql`now()` })
    .where(and(eq(pageMarks.id, markId), eq(pageMarks.state, from)))
    .returning({ id: pageMarks.id });
  return row;
}

/** Deletes the author's mark only while it is open: once resolved it is part of the page's history. */
export async function deleteOpenMark(db: Executor, markId: number, authorId: number) {
  const [row] = await db
    .delete(pageMarks)
    .where(
      and(eq(pageMarks.id, markId), eq(pageMarks.authorId, authorId), eq(pageMarks.state, MarkState.OPEN)),
    )
    .returning({ id: pageMarks.id });
  return row;
}

export async function insertReply(tx: Executor, markId: number, userId: number, content: string) {
  await tx.insert(pageMarkReplies).values({ markId, userId, content });
}

const author = alias(users, 'author');
const changer = alias(users, 'changer');

export interface MarkFilter {
  pageId?: number;
  uploadId?: number;
  markId?: number;
  /**
   * The ghosts over a revision: the marks not yet confirmed on the earlier revisions of the same
   * step (`stepId`, null for the storyboard), or left without a revision by a replaced storyboard
   * file: the assignee resolves them and the reviewer confirms them over the new revision. Upload
   * ids grow with time, so an earlier revision has a smaller id.
   */
  ghostsBefore?: { uploadId: number; stepId: number | null };
}

function ghostsOf(before: MarkFilter['ghostsBefore']) {
  if (!before) return undefined;
  return and(
    ne(pageMarks.state, MarkState.CONFIRMED),
    before.stepId === null ? isNull(pageMarks.stepId) : eq(pageMarks.stepId, before.stepId),
    or(isNull(pageMarks.uploadId), lt(pageMarks.uploadId, before.uploadId)),
  );
}

/** The page's marks (of one revision, or all), in pin order, with who made them and who last moved them. */
export async function marksOf(db: Executor, filter: MarkFilter) {
  return db
    .select({ mark: pageMarks, author: author.nickname, changer: changer.nickname })
    .from(pageMarks)
    .innerJoin(author, eq(author.id, pageMarks.authorId))
    .leftJoin(changer, eq(changer.id, pageMarks.stateBy))
    .where(
      and(
        filter.pageId !== undefined ? eq(pageMarks.pageId, filter.pageId) : undefined,
        filter.uploadId !== undefined ? eq(pageMarks.uploadId, filter.uploadId) : undefined,
        filter.markId !== undefined ? eq(pageMarks.id, filter.markId) : undefined,
        ghostsOf(filter.ghostsBefore),
      ),
    )
    .orderBy(asc(pageMarks.num));
}
export type ListedMark = Awaited<ReturnType<typeof marksOf>>[number];

/** The replies to these marks, oldest first, with their authors. */
export async function repliesOf(db: Executor, markIds: number[]) {
  if (markIds.length === 0) return [];
  return db
    .select({ reply: pageMarkReplies, nickname: users.nickname })
    .from(pageMarkReplies)
    .innerJoin(users, eq(users.id, pageMarkReplies.userId))
    .where(inArray(pageMarkReplies.markId, markIds))
    .orderBy(asc(pageMarkReplies.id));
}
export type ListedReply = Awaited<ReturnType<typeof repliesOf>>[number];

// The work list asks on every request: built and planned once.
const openMarksOfChapterQuery = preparedPerDatabase((db) =>
  db
    .select({ n: count() })
    .from(pageMarks)
    .innerJoin(chapterPages, eq(chapterPages.id, pageMarks.pageId))
    .where(and(eq(chapterPages.chapterId, sql.placeholder('chapterId')), eq(pageMarks.state, MarkState.OPEN)))
    .prepare('open_marks_of_chapter'),
);

/**
 * How many open marks the pages of a chapter have, over all their revisions: the work screen asks
 * before the final audit is passed over open marks.
 */
export async function openMarksOfChapter(db: Executor, chapterId: number): Promise<number> {
  const [row] = await openMarksOfChapterQuery(db).execute({ chapterId });
  return row?.n ?? 0;
}

/**
 * The open marks of a page's step (`stepId`), or of its storyboard file (`stepId` null), as a
 * column of the query that reads the step or the page: approving asks first when there are some.
 * With `state` resolved, the marks that wait for the reviewer's confirmation instead.
 */
export function openMarksColumn(
  pageId: AnyColumn,
  stepId: AnyColumn | null,
  state: MarkState = MarkState.OPEN,
) {
  const ofStep = stepId ? sql`${pageMarks.stepId} = ${stepId}` : sql`${pageMarks.stepId} is null`;
  return sql<number>`(select count(*) from ${pageMarks} where ${pageMarks.pageId} = ${pageId}
    and ${ofStep} and ${pageMarks.state} = ${state})`.mapWith(Number);
}
