import { isOpenWho, isProjectWho, type ProjectWho, Who } from '@koma/shared/contract';
import type { Executor } from '../db/client.js';
import { forbidden, notFound, notLoggedIn } from '../lib/app-error.js';
import type { SessionUser } from '../modules/accounts/sessions.service.js';
import { type ProjectAccess, projectAccess } from '../modules/projects/projects.policy.js';

/** What the caller is to the project the input names, for the project roles of `Who`. */
const PROJECT_ROLE: Record<ProjectWho, (access: ProjectAccess) => boolean> = {
  [Who.MEMBER]: (a) => a.isMember,
  [Who.EDITOR_IN_CHARGE]: (a) => a.isEditor,
  [Who.EDITORIAL_DESK]: (a) => a.isEditorialDesk,
  [Who.SIGN_OFF]: (a) => a.maySignOff,
  [Who.EDITORIAL]: (a) => a.isEditorial,
  [Who.FOUNDER]: (a) => a.isFounder,
  [Who.FOUNDER_OR_EDITOR]: (a) => a.isFounder || a.isEditor,
  [Who.INVITER]: (a) => a.isInviter,
};

/**
 * Applies an endpoint's `who` before its handler runs: a caller without a session gets 401, a
 * stranger to the project 404 (they are not told it exists), a member without the role 403
 * (docs/error-codes.md). The roles that depend on the object's state (owner of a request,
 * assignee or approver of a step) stay with the services, which load that object anyway.
 */
export async function applyWho(
  db: Executor,
  who: Who,
  user: SessionUser | null,
  input: unknown,
  projectField = 'projectId',
): Promise<ProjectAccess | null> {
  // A guest's call is checked by its guest token (implement.ts), never by a session.
  if (isOpenWho(who)) return null;
  if (!user) throw notLoggedIn();
  if (!isProjectWho(who)) return null;
  const access = await projectAccess(db, projectIdOf(input, projectField), user.id);
  if (!access?.isMember) throw notFound();
  if (!PROJECT_ROLE[who](access)) throw forbidden();
  return access;
}

function projectIdOf(input: unknown, field: string): number {
  const projectId = (input as Record<string, unknown> | null)?.[field];
  // The contract puts the project's id in the input of every project-role endpoint; implement.ts
  // refuses to register one without it, so this is a programming error, not a caller's.
  if (typeof projectId !== 'number') throw new Error('project-role endpoint without projectId');
  return projectId;
}
