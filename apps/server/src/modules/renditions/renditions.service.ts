import { type MessageKey, RenditionStage, RenditionStatus } from '@koma/shared';
import { DEFAULT_RENDER_CONCURRENCY } from '../../config.js';
import type { Executor } from '../../db/client.js';
import type { Storage } from '../../infra/storage.js';
import type { Deps } from '../../lib/deps.js';
import { renderLimits } from './render-budget.js';
import { type RenderResult, renderPage, TILE } from './render-page.js';
import type { RenderLimits } from './render-process.js';
import { dziKey, previewKey, renditionFolder, thumbKey } from './rendition-keys.js';
import * as repo from './renditions.repository.js';

/** Where an upload's renditions stand, for the replies that carry a page file. */
export interface Renditions {
  status: RenditionStatus;
  /** While pending, how far the job has come (docs/renditions.md, "Stages"). */
  stage: RenditionStage;
  /** Why there are none (unsupported, failed): a message key. */
  reason: MessageKey | null;
  /**
   * Storage keys of the outputs there are (the replies turn them into links): thumbnail and
   * preview as soon as they are stored, while the tiles are still pending; the tiles once ready.
   */
  thumb: string | null;
  preview: string | null;
  dzi: string | null;
  /** The page as the tiles show it, once ready. */
  width: number | null;
  height: number | null;
  /** The tiles' geometry, once ready. */
  tiles: { size: number; overlap: number; format: string } | null;
  /** What the file says of itself, once ready, when it does (a `.clip` file): its layers counted, not named. */
  details: RenditionDetails | null;
}

export interface RenditionDetails {
  previewQuality: boolean;
  dpi: number | null;
  layerCount: number;
}

const NONE = {
  reason: null,
  thumb: null,
  preview: null,
  dzi: null,
  width: null,
  height: null,
  tiles: null,
  details: null,
};
/** An upload whose job has not started: no row yet. */
const PENDING: Renditions = { status: RenditionStatus.PENDING, stage: RenditionStage.QUEUED, ...NONE };

/**
 * The job's work for one upload (docs/renditions.md): renders its original and stores the
 * outputs; the row says when thumbnail and preview are there (still pending), then one
 * conditional update moves it from pending to its final status. Returns that status, or null when
 * the upload no longer exists. A re-run finds the row settled and does nothing; a run that dies
 * before the update leaves the row pending and its tiles unannounced, and the next run writes the
 * same keys again. The store's or the disk's failures are thrown, so the job retries.
 */
export async function renderUpload(
  deps: Pick<Deps, 'db' | 'storage'>,
  uploadId: number,
  /** Called once thumbnail and preview are stored and announced by the row, before the tiles. */
  onPreviews: () => Promise<void> = async () => {},
  /** One render's memory and time: the job passes its instance's (RENDER_CONCURRENCY), benches get the default's. */
  limits: RenderLimits = renderLimits(DEFAULT_RENDER_CONCURRENCY),
): Promise<RenditionStatus | null> {
  const { db, storage } = deps;
  const upload = await repo.findUpload(db, uploadId);
  const row = upload && (await repo.ensureRendition(db, uploadId));
  if (!upload || !row) return null;
  if (row.status !== RenditionStatus.PENDING) return row.status;

  let result: RenderResult;
  try {
    const previewsStored = async () => {
      await repo.markPreviewsStored(db, uploadId);
      await onPreviews();
    };
    result = await renderPage(storage, upload.key, upload.ext, previewsStored, limits);
  } catch (error) {
    // An upload deleted meanwhile (a page's file replaced) took its original along: that is not
    // worth a retry, only what this run wrote is to go.
    if (await repo.findUpload(db, uploadId)) throw error;
    await deleteRenditions(storage, upload.key);
    return null;
  }
  const settled = await repo.settleRendition(db, uploadId, settlementOf(result));
  const now = settled ?? (await repo.findRendition(db, uploadId));
  // Stored files must match the row: none for a refusal (one found at the tiles comes after the
  // previews were stored), none for an upload deleted meanwhile (its deletion may have run before
  // they were written). A row another run settled meanwhile names the same keys.
  if (!now || (settled && settled.status !== RenditionStatus.READY))
    await deleteRenditions(storage, upload.key);
  return now?.status ?? null;
}

function settlementOf(result: RenderResult): repo.Settlement {
  if (result.status !== RenditionStatus.READY)
    return { status: result.status, reason: result.reason, previewsAt: null };
  return {
    status: RenditionStatus.READY,
    width: result.width,
    height: result.height,
    tileSize: TILE.size,
    tileOverlap: TILE.overlap,
    tileFormat: TILE.format,
    ...(result.details && {
      previewQuality: result.details.previewQuality,
      dpi: result.details.dpi,
      layers: result.details.layers,
    }),
    ...(result.facts && {
      colourMode: result.facts.colourMode,
      bitDepth: result.facts.bitDepth,
      density: result.facts.density,
    }),
  };
}

/**
 * The render job failed its last try (the store or the disk failed every time, or the server was
 * killed during each): its row, still pending, becomes `failed` so screens stop waiting. What the
 * tries stored is removed if the store lets it (a failed row shows nothing). True when the row
 * changed, for the caller to tell the open screens.
 */
export async function giveUpRendering(
  deps: Pick<Deps, 'db' | 'storage'>,
  uploadId: number,
): Promise<boolean> {
  const upload = await repo.findUpload(deps.db, uploadId);
  if (!upload || !(await repo.ensureRendition(deps.db, uploadId))) return false;
  const settled = await repo.settleRendition(deps.db, uploadId, {
    status: RenditionStatus.FAILED,
    reason: 'renditionFailed',
    previewsAt: null,
  });
  if (!settled) return false;
  await deleteRenditions(deps.storage, upload.key).catch(() => {});
  return true;
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

/** As renditionsOf, for an upload read with its rendition row (repo.uploadsWithRenditions). */
export function renditionsOfRow(rendition: repo.RenditionSummary | null, key: string): Renditions {
  return rendition ? viewOf(rendition, key) : PENDING;
}

function viewOf(row: repo.RenditionSummary, key: string): Renditions {
  const ready = row.status === RenditionStatus.READY;
  const previews = ready || (row.status === RenditionStatus.PENDING && row.previewsAt !== null);
  return {
    ...NONE,
    status: row.status,
    stage: stageOf(row),
    reason: row.reason,
    ...(previews && { thumb: thumbKey(key), preview: previewKey(key) }),
    ...(ready && {
      dzi: dziKey(key),
      width: row.width,
      height: row.height,
      tiles: tilesOf(row),
      details: detailsOf(row),
    }),
  };
}

function tilesOf(row: repo.RenditionSummary): Renditions['tiles'] {
  const { tileSize: size, tileOverlap: overlap, tileFormat: format } = row;
  return size === null || overlap === null || format === null ? null : { size, overlap, format };
}

/** A row of an ordinary image says nothing of itself: no details. */
function detailsOf(row: repo.RenditionSummary): RenditionDetails | null {
  if (!row.previewQuality && row.layerCount === null && row.dpi === null) return null;
  return { previewQuality: row.previewQuality, dpi: row.dpi, layerCount: row.layerCount ?? 0 };
}

/**
 * The row exists once the job has started (it makes it first); the previews' time is set once
 * they are stored and the tiles are being made.
 */
function stageOf(row: repo.RenditionSummary): RenditionStage {
  if (row.status !== RenditionStatus.PENDING) return RenditionStage.DONE;
  return row.previewsAt ? RenditionStage.TILES : RenditionStage.PREVIEWS;
}

/** Removes every rendition of the original stored under `key`, whatever state they are in. */
export async function deleteRenditions(storage: Storage, key: string): Promise<void> {
  await storage.deleteFolder(renditionFolder(key));
}
