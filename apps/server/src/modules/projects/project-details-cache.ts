import { LRUCache } from 'lru-cache';
import { perDatabase } from '../../lib/per-database.js';
import { findProjectDetail } from './projects.repository.js';

type ProjectDetailRow = NonNullable<Awaited<ReturnType<typeof findProjectDetail>>>;

/**
 * The detail tab of a project (the project, its founder and members) is the same for every viewer
 * and read far more often than it changes: kept for at most a second, one read however many ask.
 * The services delete it after committing a change to the project or its members, and clear all
 * of them when a member's nickname or picture may have changed; a read still running then still
 * answers its callers but is not kept (ignoreFetchAbort). A missing project is not kept.
 */
export const projectDetailsFor = perDatabase(
  (db) =>
    new LRUCache<number, ProjectDetailRow>({
      ttl: 1000,
      max: 5000,
      ignoreFetchAbort: true,
      fetchMethod: (projectId) => findProjectDetail(db, projectId),
    }),
);
