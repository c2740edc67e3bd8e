import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { JOBS_SCHEMA } from '../../infra/pg-boss-sql.js';
import type { Deps } from '../../lib/deps.js';

/** An upload whose render is to be queued, and on whose behalf. */
export interface RenderRequest {
  uploadId: number;
  userId: number;
}

/**
 * Stores the render jobs of uploads just attached in project `projectId`, fairly (docs/jobs.md,
 * "Fair renders"): each job's priority is minus the renders its uploader, or its project, already
 * has waiting or running, whichever is more. The queue takes higher priorities first, so one
 * account's tenth file waits behind every other account's first, and another project's page
 * waits at most for the renders already running. In the caller's transaction; the caller wakes
 * the queue after its commit.
 */
export async function queueRenders(
  tx: Executor,
  jobs: Deps['jobs'],
  projectId: number,
  requests: RenderRequest[],
): Promise<void> {
  const ahead = new Map<number, number>();
  for (const { uploadId, userId } of requests) {
    const before = ahead.get(userId) ?? (await rendersAhead(tx, userId, projectId));
    ahead.set(userId, before + 1);
    await jobs.send('render-page', { uploadId, userId, projectId }, { tx, priority: -before });
  }
}

/** Renders of this uploader or this project waiting or running, whichever are more. */
async function rendersAhead(tx: Executor, userId: number, projectId: number): Promise<number> {
  const { rows } = await tx.execute<{ uploader: number; project: number }>(sql`
    select count(*) filter (where data->>'userId' = ${String(userId)})::int as uploader,
           count(*) filter (where data->>'projectId' = ${String(projectId)})::int as project
    from ${sql.raw(JOBS_SCHEMA)}.job
    where name = 'render-page' and state in ('created', 'retry', 'active')`);
  const row = rows[0];
  return Math.max(row?.uploader ?? 0, row?.project ?? 0);
}
