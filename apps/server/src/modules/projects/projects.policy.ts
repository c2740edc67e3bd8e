import { type EditorialSeat, isEditorialSeat, MemberKind } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { findProjectFor } from './project-access.repository.js';
import * as repo from './projects.repository.js';

export interface ProjectAccess {
  projectId: number;
  founderId: number;
  title: string;
  status: number;
  isFounder: boolean;
  /** The editor in charge (担当編集者). */
  isEditor: boolean;
  /** The editorial seat the caller holds, 副担当 or 編集長; null for none (docs/access.md, "Editorial seats"). */
  seat: EditorialSeat | null;
  /**
   * The editorial desk: the editor in charge or an editorial seat. They review the storyboard,
   * judge red-pen marks, accept preflight errors and send the final audit back (`Who.EDITORIAL_DESK`).
   */
  isEditorialDesk: boolean;
  /** May pass 校了: the editor in charge or a 編集長 (`Who.SIGN_OFF`). */
  maySignOff: boolean;
  /**
   * The founder or the editorial desk: the one flag for "founder + editorial seats". They own the
   * chapters' deadlines, due days, buffer and print specification (`Who.EDITORIAL`), and are the
   * audience of what is between the editors and the founder.
   */
  isEditorial: boolean;
  /** Founder, accepted member, editor in charge or editorial seat. */
  isMember: boolean;
  /** The founder, or a member she allowed to invite (docs/access.md, "Inviting"). */
  isInviter: boolean;
  /** The positions the caller holds in the project. */
  positions: number[];
}

/** What the caller is to a project; undefined when the project does not exist. */
export async function projectAccess(
  db: Executor,
  projectId: number,
  userId: number,
): Promise<ProjectAccess | undefined> {
  const project = await findProjectFor(db, projectId, userId);
  if (!project) return undefined;
  const rows = project.memberships;
  const isFounder = project.userId === userId;
  const isEditor = rows.some((r) => r.kind === MemberKind.EDITOR);
  const seat = rows.map((r) => r.kind).find(isEditorialSeat) ?? null;
  const isEditorialDesk = isEditor || seat !== null;
  return {
    projectId,
    founderId: project.userId,
    title: project.title,
    status: project.status,
    isFounder,
    isEditor,
    seat,
    isEditorialDesk,
    maySignOff: isEditor || seat === MemberKind.CHIEF,
    isEditorial: isFounder || isEditorialDesk,
    isMember: isFounder || rows.length > 0,
    // A grant outlives nothing: leaving or removal deletes it with the rows (team.service.ts).
    isInviter: isFounder || (rows.length > 0 && project.isInviter),
    positions: rows.filter((r) => r.positionId > 0).map((r) => r.positionId),
  };
}

/**
 * For calls only members may make. A stranger gets 404, as for an unknown project: they are
 * not told that a private project exists (docs/error-codes.md, 404).
 */
export async function requireMember(db: Executor, projectId: number, userId: number): Promise<ProjectAccess> {
  const access = await projectAccess(db, projectId, userId);
  if (!access?.isMember) throw notFound();
  return access;
}

/** For the founder's actions: members who are not the founder get 403, strangers 404. */
export async function requireFounder(
  db: Executor,
  projectId: number,
  userId: number,
): Promise<ProjectAccess> {
  const access = await requireMember(db, projectId, userId);
  if (!access.isFounder) throw forbidden();
  return access;
}

/** Every member's id, for notices to the whole team. */
export async function memberIds(db: Executor, projectId: number): Promise<number[]> {
  return repo.memberIdsOf(db, projectId);
}
