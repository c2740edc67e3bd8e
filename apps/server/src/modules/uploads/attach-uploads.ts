import { RENDERED_UPLOAD_TYPES } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { badInput } from '../../lib/app-error.js';
import type { Deps } from '../../lib/deps.js';
import { queueRenders } from '../renditions/render-queue.js';
import { type FirstAttached, markAttached } from './uploads.repository.js';

/**
 * Puts uploads somewhere, in the transaction that stores where (a page, a step, a sending back, a
 * cover, a chapter header in project `projectId`): they are marked attached, so the sweep of
 * unattached uploads leaves them, and each page file attached for the first time gets its render
 * job (docs/renditions.md: nothing is rendered that belongs nowhere). A key whose upload is gone
 * (swept) refuses the whole change. Empty keys ("no file") are left out. Answers whether a render
 * was queued: the caller wakes the queue after its commit (`wakeRenders`).
 */
export async function attachUploads(
  tx: Executor,
  jobs: Deps['jobs'],
  projectId: number,
  keys: string[],
): Promise<boolean> {
  const marked = await attachSaved(tx, keys);
  const rendered = marked
    .filter((u) => (RENDERED_UPLOAD_TYPES as readonly number[]).includes(u.type))
    .map((u) => ({ uploadId: u.id, userId: u.userId }));
  await queueRenders(tx, jobs, projectId, rendered);
  return rendered.length > 0;
}

/**
 * Marks uploads put somewhere, in the transaction that stores where (a profile's picture, a
 * folder's file; attachUploads for the rest): attached now, so the sweep leaves them for a day
 * even once nothing holds them any more, and never while something does (unattached.ts). A key
 * whose upload is gone (swept) refuses the whole change. Empty keys are left out. Answers the
 * uploads attached for the first time.
 */
export async function attachSaved(tx: Executor, keys: string[]): Promise<FirstAttached[]> {
  const wanted = [...new Set(keys.filter(Boolean))];
  if (wanted.length === 0) return [];
  const { found, marked } = await markAttached(tx, wanted);
  if (found < wanted.length) throw badInput('uploadPathInvalid');
  return marked;
}

/** After the commit that attached page files: this instance looks for their renders at once. */
export function wakeRenders(jobs: Deps['jobs'], queued: boolean): void {
  if (queued) jobs.wake('render-page');
}
