import { LIMITS } from '@koma/shared';
import { and, eq, getTableColumns, gt, inArray, isNotNull, not, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobWaiting } from '../../infra/pg-boss-sql.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { uploads } from '../uploads/uploads.table.js';
import { pageRenditions } from './renditions.table.js';

export type RenditionRow = typeof pageRenditions.$inferSelect;

/**
 * What the replies read of a row: everything but the layers' names, whose number stands in for
 * them (docs/renditions.md, "CLIP STUDIO files"): a list of pages never reads, nor sends, a
 * `.clip`'s names; one file's details call does (`layersOf`).
 */
const { layers, ...summaryColumns } = getTableColumns(pageRenditions);
const renditionSummary = {
  ...summaryColumns,
  layerCount: sql<number | null>`jsonb_array_length(${layers})`.mapWith(Number),
};
export type RenditionSummary = Omit<RenditionRow, 'layers'> & { layerCount: number | null };
/** What settling a pending row writes: its final status, and the reason or the tiles' geometry. */
export type Settlement = Pick<RenditionRow, 'status'> &
  Partial<
    Pick<
      RenditionRow,
      | 'reason'
      | 'previewsAt'
      | 'width'
      | 'height'
      | 'tileSize'
      | 'tileOverlap'
      | 'tileFormat'
      | 'previewQuality'
      | 'dpi'
      | 'layers'
      | 'colourMode'
      | 'bitDepth'
      | 'density'
    >
  >;

/** The stored original of an upload, or undefined once the upload is deleted. */
export async function findUpload(db: Executor, uploadId: number) {
  const [row] = await db
    .select({ key: uploads.key, ext: uploads.ext })
    .from(uploads)
    .where(eq(uploads.id, uploadId))
    .limit(1);
  return row;
}

/**
 * The upload's rendition row, made pending when it has none; undefined when the upload is gone
 * (the insert takes its id from the upload row, so a deleted upload gets no row and no error).
 */
export async function ensureRendition(db: Executor, uploadId: number): Promise<RenditionRow | undefined> {
  // drizzle's insert … select wants every column; this one only names the key.
  await db.execute(sql`
    insert into ${pageRenditions} (${sql.identifier(pageRenditions.uploadId.name)})
    select ${uploads.id} from ${uploads} where ${uploads.id} = ${uploadId}
    on conflict do nothing`);
  return findRendition(db, uploadId);
}

/**
 * Up to `limit` attached uploads of these types after `afterId`, in id order, with neither a
 * rendition row nor a render-page job waiting or running: their render was never stored. One
 * never attached is not rendered (docs/renditions.md).
 */
export async function uploadsWithoutRendition(
  db: Executor,
  types: readonly number[],
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.type, [...types]),
        gt(uploads.id, afterId),
        isNotNull(uploads.attachedAt),
        notExists(
          db
            .select({ id: pageRenditions.uploadId })
            .from(pageRenditions)
            .where(eq(pageRenditions.uploadId, uploads.id)),
        ),
        not(jobWaiting('render-page', (data) => sql`${data}->>'uploadId' = ${uploads.id}::text`)),
      ),
    )
    .orderBy(uploads.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Makes the pending rows of these uploads that have none (and still exist); the ids whose row this
 * call made. A row is made once: a concurrent claim of the same upload waits, then makes none.
 */
export async function claimRenditions(db: Executor, uploadIds: number[]): Promise<number[]> {
  if (uploadIds.length === 0) return [];
  const { rows } = await db.execute<{ upload_id: number }>(sql`
    insert into ${pageRenditions} (${sql.identifier(pageRenditions.uploadId.name)})
    select ${uploads.id} from ${uploads} where ${inArray(uploads.id, uploadIds)}
    on conflict do nothing
    returning ${sql.identifier(pageRenditions.uploadId.name)}`);
  return rows.map((r) => Number(r.upload_id));
}

export async function findRendition(db: Executor, uploadId: number): Promise<RenditionRow | undefined> {
  const [row] = await db.select().from(pageRenditions).where(eq(pageRenditions.uploadId, uploadId)).limit(1);
  return row;
}

/** Records that a pending row's thumbnail and preview are stored; false when it is no longer pending. */
export async function markPreviewsStored(db: Executor, uploadId: number): Promise<boolean> {
  const rows = await db
    .update(pageRenditions)
    .set({ previewsAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(pageRenditions.uploadId, uploadId), eq(pageRenditions.status, 'pending')))
    .returning({ uploadId: pageRenditions.uploadId });
  return rows.length > 0;
}

/** Moves a pending row to its final status; undefined when it was no longer pending (or is gone). */
export async function settleRendition(
  db: Executor,
  uploadId: number,
  settlement: Settlement,
): Promise<RenditionRow | undefined> {
  const [row] = await db
    .update(pageRenditions)
    .set({ ...settlement, updatedAt: sql`now()` })
    .where(and(eq(pageRenditions.uploadId, uploadId), eq(pageRenditions.status, 'pending')))
    .returning();
  return row;
}

/** The rendition rows of these uploads, with the key of each upload's original. */
export async function listRenditions(db: Executor, uploadIds: number[]) {
  if (uploadIds.length === 0) return [];
  return db
    .select({ rendition: renditionSummary, key: uploads.key })
    .from(pageRenditions)
    .innerJoin(uploads, eq(uploads.id, pageRenditions.uploadId))
    .where(inArray(pageRenditions.uploadId, uploadIds));
}

/**
 * The uploads of these storage keys, each with its rendition row (null before its job starts):
 * what every reply carrying files reads (covers in lists, a project's detail, a chapter's pages),
 * in one prepared statement instead of the uploads and then their renditions (bench/README.md,
 * "Reads back within budget"). Unknown keys are left out.
 */
const uploadsWithRenditionsOf = preparedPerDatabase((db) =>
  db
    .select({ upload: uploads, rendition: renditionSummary })
    .from(uploads)
    .leftJoin(pageRenditions, eq(pageRenditions.uploadId, uploads.id))
    .where(sql`${uploads.key} = any(${sql.placeholder('keys')}::text[])`)
    .prepare('uploads_with_renditions'),
);

export async function uploadsWithRenditions(db: Executor, keys: string[]) {
  if (keys.length === 0) return [];
  return uploadsWithRenditionsOf(db).execute({ keys });
}

/**
 * The layers' names a ready rendition kept (a `.clip`), for one file's details; [] for any other.
 * Capped here too (LIMITS.clipLayersMax names of LIMITS.clipLayerNameMax characters): a row
 * rendered before the caps may hold every name of its file.
 */
export async function layersOf(db: Executor, uploadId: number): Promise<string[]> {
  const { clipLayersMax, clipLayerNameMax } = LIMITS;
  const names = sql<string[] | null>`(
    select jsonb_agg(left(e.name, ${clipLayerNameMax}::int) order by e.n)
    from (select name, n from jsonb_array_elements_text(${pageRenditions.layers}) with ordinality as x(name, n)
          order by n limit ${clipLayersMax}::int) e)`;
  const [row] = await db
    .select({ layers: names })
    .from(pageRenditions)
    .where(and(eq(pageRenditions.uploadId, uploadId), eq(pageRenditions.status, 'ready')))
    .limit(1);
  return row?.layers ?? [];
}
