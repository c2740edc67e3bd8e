import { type MessageKey, RenditionStatus } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import type { Storage } from '../../infra/storage.js';
import type { Deps } from '../../lib/deps.js';
import { type RenderResult, renderPage, TILE } from './render-page.js';
import { dziKey, previewKey, renditionFolder, thumbKey } from './rendition-keys.js';
import * as repo from './renditions.repository.js';

/** Where an upload's renditions stand, for the replies that carry a page file. */
export interface Renditions {
  status: RenditionStatus;
  /** Why there are none (unsupported, failed): a message key. */
  reason: MessageKey | null;
  /** Storage keys of the outputs once ready; the replies turn them into links. */
  files: { thumb: string; preview: string; dzi: string } | null;
  /** The page as the tiles show it, once ready. */
  width: number | null;
  height: number | null;
}

const PENDING: Renditions = {
  status: RenditionStatus.PENDING,
  reason: null,
  files: null,
  width: null,
  height: null,
};

/**
 * The job's work for one upload (docs/renditions.md): renders its original, stores the outputs
 * and then, in one conditional update, moves its row from pending to its final status. Returns
 * that status, or null when the upload no longer exists. A re-run finds the row settled and does
 * nothing; a run that dies before the update leaves the row pending (its outputs invisible, and
 * overwritten by the next run, which writes the same keys). The store's or the disk's failures
 * are thrown, so the job retries.
 */
export async function renderUpload(
  deps: Pick<Deps, 'db' | 'storage'>,
  uploadId: number,
): Promise<RenditionStatus | null> {
  const { db, storage } = deps;
  const upload = await repo.findUpload(db, uploadId);
  const row = upload && (await repo.ensureRendition(db, uploadId));
  if (!upload || !row) return null;
  if (row.status !== RenditionStatus.PENDING) return row.status;

  const result = await renderPage(storage, upload.key, upload.ext);
  const settled = await repo.settleRendition(db, uploadId, settlementOf(result));
  if (settled) return settled.status;
  // Settled by another run meanwhile (same keys, nothing to undo), or deleted while rendering:
  // the deletion may have removed the renditions before these were written.
  const now = await repo.findRendition(db, uploadId);
  if (!now) await deleteRenditions(storage, upload.key);
  return now?.status ?? null;
}

function settlementOf(result: RenderResult): repo.Settlement {
  if (result.status !== RenditionStatus.READY) return { status: result.status, reason: result.reason };
  return {
    status: RenditionStatus.READY,
    width: result.width,
    height: result.height,
    tileSize: TILE.size,
    tileOverlap: TILE.overlap,
    tileFormat: TILE.format,
  };
}

/**
 * The renditions of each upload asked for, by upload id. An upload without a row yet is pending:
 * its job has not started.
 */
export async function renditionsOf(db: Executor, uploadIds: number[]): Promise<Map<number, Renditions>> {
  const rows = await repo.listRenditions(db, [...new Set(uploadIds)]);
  const found = new Map(rows.map(({ rendition, key }) => [rendition.uploadId, viewOf(rendition, key)]));
  return new Map(uploadIds.map((id) => [id, found.get(id) ?? PENDING]));
}

function viewOf(row: repo.RenditionRow, key: string): Renditions {
  const ready = row.status === RenditionStatus.READY;
  return {
    status: row.status,
    reason: row.reason,
    files: ready ? { thumb: thumbKey(key), preview: previewKey(key), dzi: dziKey(key) } : null,
    width: ready ? row.width : null,
    height: ready ? row.height : null,
  };
}

/** Removes every rendition of the original stored under `key`, whatever state they are in. */
export async function deleteRenditions(storage: Storage, key: string): Promise<void> {
  await storage.deleteFolder(renditionFolder(key));
}
