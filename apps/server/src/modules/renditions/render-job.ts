import type { Deps } from '../../lib/deps.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import { chaptersHoldingFile } from '../workflow/workflow.repository.js';
import { renderLimits } from './render-budget.js';
import { findUpload } from './renditions.repository.js';
import { giveUpRendering, renderUpload } from './renditions.service.js';

/**
 * The render-page job (docs/jobs.md, docs/renditions.md): renders an upload, and tells the open
 * screens of every chapter that holds the file twice, when thumbnail and preview are there and when
 * the tiles are, so they show them without a reload. A file not yet handed in belongs to no
 * chapter: the screen that hands it in gets its renditions with the reply.
 */
export async function runRenderJob(deps: RenderDeps, uploadId: number) {
  const upload = await findUpload(deps.db, uploadId);
  if (!upload) return;
  const announce = () => announceHolders(deps, upload.key);
  // An instance running no renders (RENDER_CONCURRENCY 0) can still be asked to run one by hand.
  const limits = renderLimits(Math.max(1, deps.config.renderConcurrency));
  await renderUpload(deps, uploadId, announce, limits);
  await announce();
}

/**
 * When the job's last try failed (docs/jobs.md): the row becomes failed and the open screens are
 * told, with the same event, so they show the reason instead of waiting for ever.
 */
export async function giveUpRenderJob(deps: RenderDeps, uploadId: number) {
  const upload = await findUpload(deps.db, uploadId);
  if (upload && (await giveUpRendering(deps, uploadId))) await announceHolders(deps, upload.key);
}

type RenderDeps = Pick<Deps, 'db' | 'storage' | 'live' | 'jobs' | 'config'>;

async function announceHolders(deps: RenderDeps, key: string) {
  for (const { projectId, chapterId } of await chaptersHoldingFile(deps.db, key))
    await announceChapterChange(deps, projectId, chapterId);
}
