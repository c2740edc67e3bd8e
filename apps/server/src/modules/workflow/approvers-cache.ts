import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { perDatabase } from '../../lib/per-database.js';
import { type ProjectApprovers, projectApprovers } from '../chapters/chapters.repository.js';

/**
 * Who approves in a project, as the work list names them (「承認: …」), kept for at most a second:
 * reading them on every list cost the list 5–12 % of its speed (bench/README.md, "Comparisons").
 * Only the names on screen come from here; a decision, and the buttons offering one in the page's
 * steps, read the approvers afresh (workflow-steps.service.ts). A member taken on deletes their
 * project's entry (recruitment.service.ts).
 */
export const approversFor = perDatabase(
  (db: Db) =>
    new LRUCache<number, ProjectApprovers>({
      ttl: 1000,
      max: 5000,
      ignoreFetchAbort: true,
      fetchMethod: (projectId) => projectApprovers(db, projectId),
    }),
);

export async function cachedApprovers(db: Db, projectId: number): Promise<ProjectApprovers> {
  const found = await approversFor(db).fetch(projectId);
  return found ?? projectApprovers(db, projectId);
}
