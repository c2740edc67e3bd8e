import { perDatabase } from '../../lib/per-database.js';
import { ShortLivedCache } from '../../lib/short-lived-cache.js';
import { findProjectDetail } from './projects.repository.js';

/**
 * The detail tab of a project (the project, its founder and members) is the same for every viewer
 * and read far more often than it changes: kept for at most a second. The services forget it
 * after committing a change to the project or its members, and forget all of them when a
 * member's nickname or picture may have changed.
 */
export const projectDetailsFor = perDatabase(
  (db) => new ShortLivedCache((projectId: number) => findProjectDetail(db, projectId), 1000, 5000),
);
