import { type MarkCounts, MarkState } from '@koma/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { uploads } from '../uploads/uploads.table.js';
import { pageMarks } from './marks.table.js';

/**
 * Every count of marks stored pages show (the storyboard cards, the step history) is this one
 * count by state, and the viewer counts what it lists by the same states (markCountsOf), so that
 * they agree (issue 30, docs/marks.md).
 */
const inState = (state: MarkState) =>
  sql<number>`count(*) filter (where ${pageMarks.state} = ${state})`.mapWith(Number);
const byState = {
  open: inState(MarkState.OPEN),
  resolved: inState(MarkState.RESOLVED),
  confirmed: inState(MarkState.CONFIRMED),
};

export const NO_MARKS: MarkCounts = { open: 0, resolved: 0, confirmed: 0 };

const countsOf = ({ open, resolved, confirmed }: MarkCounts): MarkCounts => ({ open, resolved, confirmed });

/** The marks of these pages by state, page by page: all of them, or only the storyboard's. */
export async function markCountsOfPages(
  db: Executor,
  pageIds: readonly number[],
  only?: 'storyboard',
): Promise<Map<number, MarkCounts>> {
  if (pageIds.length === 0) return new Map();
  const where: SQL | undefined = and(
    inArray(pageMarks.pageId, [...pageIds]),
    only === 'storyboard' ? isNull(pageMarks.stepId) : undefined,
  );
  const rows = await db
    .select({ pageId: pageMarks.pageId, ...byState })
    .from(pageMarks)
    .where(where)
    .groupBy(pageMarks.pageId);
  return new Map(rows.map((r) => [r.pageId, countsOf(r)]));
}

/**
 * The marks drawn on each revision of a step by state, by the revision's storage key, in one
 * statement: the step history shows them (docs/marks.md, "History counts"). Revisions without
 * marks are left out.
 */
export async function markCountsOfStep(db: Executor, stepId: number): Promise<Map<string, MarkCounts>> {
  const rows = await db
    .select({ key: uploads.key, ...byState })
    .from(pageMarks)
    .innerJoin(uploads, eq(uploads.id, pageMarks.uploadId))
    .where(eq(pageMarks.stepId, stepId))
    .groupBy(uploads.key);
  return new Map(rows.map((r) => [r.key, countsOf(r)]));
}

/**
 * The marks drawn on each storyboard file of a page by state, by the file's storage key: the
 * page's history shows them (docs/production.md, "Storyboard revisions").
 */
export async function markCountsOfStoryboard(db: Executor, pageId: number): Promise<Map<string, MarkCounts>> {
  const rows = await db
    .select({ key: uploads.key, ...byState })
    .from(pageMarks)
    .innerJoin(uploads, eq(uploads.id, pageMarks.uploadId))
    .where(and(eq(pageMarks.pageId, pageId), isNull(pageMarks.stepId)))
    .groupBy(uploads.key);
  return new Map(rows.map((r) => [r.key, countsOf(r)]));
}
