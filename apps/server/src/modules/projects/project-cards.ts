import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { perDatabase } from '../../lib/per-database.js';
import { type ProjectActivity, projectActivity } from './project-activity.repository.js';

/**
 * What a project card shows of its production (docs/api-conventions.md, project cards): the share
 * of approved steps over all steps of the project's chapters, rounded down so that 100 % means
 * all approved (0 without steps); the newest chapter; the last change.
 */
export function cardProgress(activity: ProjectActivity | undefined, ownUpdate?: Date) {
  const upTime = activity?.lastChange ?? ownUpdate;
  return {
    upTime: upTime ? upTime.toISOString() : '',
    chaId: activity?.newestChapterId ?? null,
    percent:
      activity && activity.allSteps > 0 ? Math.floor((activity.doneSteps * 100) / activity.allSteps) : 0,
  };
}

/** Reads the activity of every id it is asked for in one pass in one query (ids not kept). */
type BatchRead = (projectId: number) => Promise<ProjectActivity | undefined>;

function batchRead(db: Db): BatchRead {
  const ids: number[] = [];
  let read: Promise<Map<number, ProjectActivity>> | undefined;
  return async (projectId) => {
    ids.push(projectId);
    // A microtask later: after the caller has asked for every id of its list.
    read ??= Promise.resolve().then(() => projectActivity(db, ids));
    return (await read).get(projectId);
  };
}

/**
 * The activity of projects, kept for at most a second. Every dashboard and project list reads it
 * for each of its cards, counting the steps of all their chapters, while it changes far less
 * often; the members of a project all read the same. The code that changes a project, a chapter,
 * a page or a step deletes the project after committing (announceChapterChange, the projects and
 * chapters services), so this instance never shows it stale; other instances for at most a
 * second. A read still running then answers its callers but is not kept (ignoreFetchAbort).
 * One per database although the reads come from the batch: test apps never share.
 */
export const projectActivityFor = perDatabase(
  () =>
    new LRUCache<number, ProjectActivity, BatchRead>({
      ttl: 1000,
      max: 5000,
      ignoreFetchAbort: true,
      fetchMethod: (projectId, _stale, { context }) => context(projectId),
    }),
);

/** The activity of these projects (of those that exist), one query for the ids not kept. */
export async function activityOf(db: Db, ids: number[]): Promise<Map<number, ProjectActivity>> {
  const cache = projectActivityFor(db);
  const read = batchRead(db);
  const unique = [...new Set(ids)];
  const answers = await Promise.all(unique.map((id) => cache.fetch(id, { context: read })));
  const found = new Map<number, ProjectActivity>();
  unique.forEach((id, i) => {
    const activity = answers[i];
    if (activity) found.set(id, activity);
  });
  return found;
}
