import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { perDatabase } from '../../lib/per-database.js';
import { readRenditionsOfPath } from '../renditions/rendition-links.js';
import { findProjectDetail } from './projects.repository.js';

/** The project's detail row, and its cover's upload with its rendition row (links are signed per reply). */
async function readDetail(db: Db, projectId: number) {
  const found = await findProjectDetail(db, projectId);
  return found && { ...found, cover: await readRenditionsOfPath({ db }, found.project.icon) };
}

type ProjectDetailRow = NonNullable<Awaited<ReturnType<typeof readDetail>>>;

/**
 * The detail tab of a project (the project, its founder and members, its cover's renditions) is
 * the same for every viewer and read far more often than it changes: kept for at most a second,
 * one read however many ask. The cover's rendition is used from here only once final
 * (renditionsFinal); the service reads a pending one again.
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
      fetchMethod: (projectId) => readDetail(db, projectId),
    }),
);
