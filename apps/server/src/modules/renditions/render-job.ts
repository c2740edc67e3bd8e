import type { Deps } from '../../lib/deps.js';
import { announceChapterChange } from '../chapters/chapter-events.js';
import { chaptersHoldingFile } from '../workflow/workflow.repository.js';
import { findUpload } from './renditions.repository.js';
import { renderUpload } from './renditions.service.js';

/**
 * The render-page job (docs/jobs.md, docs/renditions.md): renders an upload, and tells the open
 * screens of every chapter that holds the file twice, when thumbnail and preview are there and when
 * the tiles are, so they show them without a reload. A file not yet handed in belongs to no
 * chapter: the screen that hands it in gets its renditions with the reply.
 */
export async function runRenderJob(deps: Pick<Deps, 'db' | 'storage' | 'live'>, uploadId: number) {
  const upload = await findUpload(deps.db, uploadId);
  if (!upload) return;
  const announce = async () => {
    for (const { projectId, chapterId } of await chaptersHoldingFile(deps.db, upload.key))
      await announceChapterChange(deps, projectId, chapterId);
  };
  await renderUpload(deps, uploadId, announce);
  await announce();
}
