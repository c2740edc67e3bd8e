import { type PrintSpec, StepStatus } from '@koma/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../accounts/accounts.table.js';
import { preflightConsents, printSpecs } from './print-specs.table.js';

export type SpecRow = typeof printSpecs.$inferSelect;

/** The project's spec (chapterId null) or a chapter's own. */
export async function findSpec(db: Executor, projectId: number, chapterId: number | null) {
  const [row] = await db
    .select()
    .from(printSpecs)
    .where(
      and(
        eq(printSpecs.projectId, projectId),
        chapterId === null ? isNull(printSpecs.chapterId) : eq(printSpecs.chapterId, chapterId),
      ),
    )
    .limit(1);
  return row;
}

/** Sets a spec in one statement: two founders saving at once leave one row, the later one's. */
export async function saveSpec(
  db: Executor,
  projectId: number,
  chapterId: number | null,
  spec: PrintSpec,
  userId: number,
) {
  const values = { ...spec, projectId, chapterId, updatedBy: userId, updatedAt: new Date() };
  const target = chapterId === null ? printSpecs.projectId : printSpecs.chapterId;
  const where =
    chapterId === null ? sql`${printSpecs.chapterId} is null` : sql`${printSpecs.chapterId} is not null`;
  await db
    .insert(printSpecs)
    .values(values)
    .onConflictDoUpdate({
      target,
      targetWhere: where,
      set: { ...spec, updatedBy: userId, updatedAt: new Date() },
    });
}

export async function removeSpec(db: Executor, projectId: number, chapterId: number | null) {
  await db
    .delete(printSpecs)
    .where(
      and(
        eq(printSpecs.projectId, projectId),
        chapterId === null ? isNull(printSpecs.chapterId) : eq(printSpecs.chapterId, chapterId),
      ),
    );
}

/** A page with what its final file's render stored: what the preflight reads, and nothing else. */
export type PageFacts = {
  pageId: number;
  num: number;
  /** The final file's storage key (the delivery reads it; the preflight does not). */
  fileKey: string | null;
  ext: string | null;
  status: string | null;
  width: number | null;
  height: number | null;
  colourMode: string | null;
  bitDepth: number | null;
  density: number | null;
  /** When its preview was stored: the delivery's proof shows it. */
  previewsAt: Date | string | null;
};

/**
 * Every page of the chapter with its final file (the file of its last completed step, as the
 * manuscript zip takes it: docs/production.md) and that file's render, in one query.
 */
export async function pageFacts(db: Executor, chapterId: number): Promise<PageFacts[]> {
  const result = await db.execute<PageFacts>(sql`
    select p.id as "pageId", p.num, f.file_key as "fileKey", u.ext, r.status, r.width, r.height,
      r.colour_mode as "colourMode", r.bit_depth as "bitDepth", r.density, r.previews_at as "previewsAt"
    from chapter_pages p
    left join lateral (
      select s.file_key from workflow_steps s
      where s.page_id = p.id and s.status = ${StepStatus.DONE} and s.file_key <> ''
      order by s.sort desc limit 1
    ) f on true
    left join uploads u on u.key = f.file_key
    left join page_renditions r on r.upload_id = u.id
    where p.chapter_id = ${chapterId}
    order by p.num, p.id`);
  return result.rows;
}

export async function insertConsent(
  db: Executor,
  chapterId: number,
  kind: 'warnings' | 'errors',
  userId: number,
  findings: string[],
) {
  await db.insert(preflightConsents).values({ chapterId, kind, userId, findings });
}

/** The latest consent of each kind for a chapter, with who gave it. */
export async function latestConsents(db: Executor, chapterId: number) {
  const result = await db.execute<{
    kind: 'warnings' | 'errors';
    findings: string[];
    nickname: string | null;
    at: Date | string;
  }>(sql`
    select distinct on (c.kind) c.kind, c.findings, u.nickname, c.created_at as at
    from ${preflightConsents} c left join ${users} u on u.id = c.user_id
    where c.chapter_id = ${chapterId}
    order by c.kind, c.id desc`);
  return result.rows;
}
