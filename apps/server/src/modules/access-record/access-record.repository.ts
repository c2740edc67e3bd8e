import type { AccessKind } from '@koma/shared';
import { and, count, desc, eq, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { chapters } from '../chapters/chapters.table.js';
import { pageRevisions } from '../pages/page-revisions.table.js';
import { chapterPages } from '../pages/pages.table.js';
import { stepEvents, workflowSteps } from '../workflow/workflow.table.js';
import { accessRecords } from './access-record.table.js';

export type AccessRecordInsert = typeof accessRecords.$inferInsert;

/** A look: one row per dedupe key (actor, file, kind, hour), its count raised by each look after the first. */
export async function upsertLook(db: Executor, row: AccessRecordInsert & { dedupe: string }) {
  await db
    .insert(accessRecords)
    .values(row)
    .onConflictDoUpdate({
      target: accessRecords.dedupe,
      targetWhere: isNotNull(accessRecords.dedupe),
      set: { count: sql`${accessRecords.count} + 1`, lastAt: sql`now()` },
    });
}

export async function insertDownload(db: Executor, row: AccessRecordInsert) {
  await db.insert(accessRecords).values({ ...row, dedupe: null });
}

export interface RecordFilter {
  projectId: number;
  chapterId?: number | null | undefined;
  pageNum?: number | null | undefined;
  userId?: number | null | undefined;
  kind?: AccessKind | null | undefined;
  code?: string | undefined;
  /** Tokyo days, inclusive. */
  from?: string | null | undefined;
  to?: string | null | undefined;
}

function whereOf(f: RecordFilter): SQL | undefined {
  const tokyoDay = sql`(${accessRecords.lastAt} at time zone 'Asia/Tokyo')::date`;
  return and(
    eq(accessRecords.projectId, f.projectId),
    f.chapterId ? eq(accessRecords.chapterId, f.chapterId) : undefined,
    f.pageNum ? eq(accessRecords.pageNum, f.pageNum) : undefined,
    f.userId ? eq(accessRecords.userId, f.userId) : undefined,
    f.kind ? eq(accessRecords.kind, f.kind) : undefined,
    f.code ? eq(accessRecords.code, f.code) : undefined,
    f.from ? sql`${tokyoDay} >= ${f.from}::date` : undefined,
    f.to ? sql`${tokyoDay} <= ${f.to}::date` : undefined,
  );
}

/** The rows the filter selects, newest look or download first. */
export async function recordsOf(db: Executor, f: RecordFilter, limit: number, offset: number) {
  return db
    .select({ row: accessRecords, nick: users.nickname })
    .from(accessRecords)
    .leftJoin(users, eq(users.id, accessRecords.userId))
    .where(whereOf(f))
    .orderBy(desc(accessRecords.lastAt), desc(accessRecords.id))
    .limit(limit)
    .offset(offset);
}

export async function countRecords(db: Executor, f: RecordFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accessRecords).where(whereOf(f));
  return row?.n ?? 0;
}

/** Everyone and every chapter the project's record names, for the filters. */
export async function recordFacets(db: Executor, projectId: number) {
  const [people, chapterRows] = await Promise.all([
    db
      .selectDistinct({ id: users.id, nick: users.nickname })
      .from(accessRecords)
      .innerJoin(users, eq(users.id, accessRecords.userId))
      .where(eq(accessRecords.projectId, projectId))
      .orderBy(users.nickname),
    db
      .selectDistinct({ id: chapters.id, title: chapters.title })
      .from(chapters)
      .where(eq(chapters.projectId, projectId))
      .orderBy(chapters.id),
  ]);
  return { people, chapters: chapterRows };
}

/** Removes what is older than `before`; returns how many rows. */
export async function purgeRecordsBefore(db: Executor, before: Date): Promise<number> {
  const removed = await db
    .delete(accessRecords)
    .where(lt(accessRecords.lastAt, before))
    .returning({ id: accessRecords.id });
  return removed.length;
}

/** A page shows the file: as its own, a storyboard revision, a step's file or one of its history. */
const pageHolds = (key: string) =>
  sql`(${chapterPages.fileKey} = ${key}
      or exists (select 1 from ${pageRevisions} where ${pageRevisions.pageId} = ${chapterPages.id} and ${pageRevisions.fileKey} = ${key})
      or exists (select 1 from ${workflowSteps} where ${workflowSteps.pageId} = ${chapterPages.id} and (${workflowSteps.fileKey} = ${key}
        or exists (select 1 from ${stepEvents} where ${stepEvents.stepId} = ${workflowSteps.id} and ${stepEvents.fileKey} = ${key}))))`;

/**
 * Where a page file is shown in a project: its chapter and page number, read from the page, its
 * storyboard revisions, its steps and their history. Null when the project holds it nowhere.
 */
export async function pageOfFile(db: Executor, projectId: number, key: string) {
  const found = await db
    .select({ chapterId: chapters.id, chapterTitle: chapters.title, pageNum: chapterPages.num })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .where(and(eq(chapters.projectId, projectId), pageHolds(key)))
    .limit(1);
  return found[0] ?? null;
}

/** A page of the project: its chapter and number. */
export async function pageById(db: Executor, projectId: number, pageId: number) {
  const [row] = await db
    .select({ chapterId: chapters.id, chapterTitle: chapters.title, pageNum: chapterPages.num })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .where(and(eq(chapterPages.id, pageId), eq(chapters.projectId, projectId)));
  return row ?? null;
}

/** A chapter's title, or null when the project has no such chapter. */
export async function chapterTitleOf(
  db: Executor,
  projectId: number,
  chapterId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ title: chapters.title })
    .from(chapters)
    .where(and(eq(chapters.id, chapterId), eq(chapters.projectId, projectId)));
  return row?.title ?? null;
}

/** The projects whose pages show a file (as a page, a storyboard revision, a step's or its history's). */
export async function projectsHoldingFile(db: Executor, key: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ projectId: chapters.projectId })
    .from(chapterPages)
    .innerJoin(chapters, eq(chapters.id, chapterPages.chapterId))
    .where(pageHolds(key));
  return rows.map((r) => r.projectId);
}
