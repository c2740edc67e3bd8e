import { RENDERED_UPLOAD_TYPES } from '@koma/shared';
import type { Deps } from '../../lib/deps.js';
import { claimRenditions, uploadsWithoutRendition } from './renditions.repository.js';

/** Uploads looked at per job: a batch's render jobs are stored in one transaction. */
const BACKFILL_BATCH = 200;
/**
 * Below the render jobs of new attachments (priority 0 down to minus the renders waiting before
 * them, render-queue.ts), which are taken first.
 */
const BACKFILL_PRIORITY = -1_000_000;

/**
 * The backfill-renditions job (docs/jobs.md, docs/renditions.md): stores a render-page job for
 * each upload of a rendered type that has neither a rendition row nor a job waiting, i.e. one
 * stored before uploads of its type got their job, and the next batch's job when this one was
 * full. Each such upload is claimed by inserting its pending row in the same transaction as its
 * job, so two runs at once (two instances, a start during a run) store one job per upload; a run
 * after all are claimed stores nothing. Returns how many render jobs it stored.
 */
export async function backfillRenditions(
  deps: Pick<Deps, 'db' | 'jobs'>,
  afterId = 0,
  batch = BACKFILL_BATCH,
): Promise<number> {
  const { db, jobs } = deps;
  const { claimed, more } = await db.transaction(async (tx) => {
    const found = await uploadsWithoutRendition(tx, RENDERED_UPLOAD_TYPES, afterId, batch);
    const claimed = await claimRenditions(tx, found);
    await jobs.send(
      'render-page',
      claimed.map((uploadId) => ({ uploadId })),
      { tx, priority: BACKFILL_PRIORITY },
    );
    const last = found.at(-1);
    const more = found.length === batch && last !== undefined;
    if (more) await jobs.send('backfill-renditions', { afterId: last }, { tx });
    return { claimed, more };
  });
  if (claimed.length > 0) jobs.wake('render-page');
  if (more) jobs.wake('backfill-renditions');
  return claimed.length;
}
