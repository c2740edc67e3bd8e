import type { Executor } from '../../db/client.js';
import { forbidden } from '../../lib/app-error.js';
import { memberIds, type ProjectAccess, projectAccess } from '../projects/projects.policy.js';

/**
 * THE audience of a chapter's editorial thread (issue 40 #3, docs/notices.md "The editorial
 * thread"): the project's founder and the editorial desk (the editor in charge, 副担当 and 編集長:
 * `ProjectAccess.isEditorial`, docs/access.md "Editorial seats"). Reading,
 * writing and who hears of a post all come from this one rule; assistants, main artists who are
 * not the founder and every other member are outside it.
 */
export function mayUseEditorialThread(access: ProjectAccess): boolean {
  return access.isEditorial;
}

/** For the thread's calls: a member outside the audience gets 403 (docs/error-codes.md). */
export function requireEditorialThread(access: ProjectAccess): void {
  if (!mayUseEditorialThread(access)) throw forbidden();
}

/** Every member of the project the rule lets into the thread: who hears of a post. */
export async function editorialThreadAudience(db: Executor, projectId: number): Promise<number[]> {
  const audience: number[] = [];
  for (const userId of await memberIds(db, projectId)) {
    const access = await projectAccess(db, projectId, userId);
    if (access && mayUseEditorialThread(access)) audience.push(userId);
  }
  return audience;
}
