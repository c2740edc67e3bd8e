import { ChapterStatus, MAIN_ARTIST_POSITION } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { type ProjectAccess, requireMember } from '../projects/projects.policy.js';
import { type ChapterRow, findChapter } from './chapters.repository.js';

export interface ChapterAccess extends ProjectAccess {
  chapter: ChapterRow;
  /** Holds position 2. Who decides on page work is step-approval.policy.ts's rule. */
  isMainArtist: boolean;
}

/**
 * A chapter of a project the caller belongs to. Strangers and chapters of another project get
 * 404, like an unknown id: nobody learns what a project they are not in contains.
 */
export async function requireChapterMember(
  db: Executor,
  projectId: number,
  chapterId: number,
  userId: number,
): Promise<ChapterAccess> {
  return requireChapter(db, await requireMember(db, projectId, userId), chapterId);
}

/**
 * A chapter of the project the caller's access (checked by the route's guard, http/guards.ts)
 * is for; a chapter of another project is 404, like an unknown id.
 */
export async function requireChapter(
  db: Executor,
  access: ProjectAccess,
  chapterId: number,
): Promise<ChapterAccess> {
  const chapter = await findChapter(db, access.projectId, chapterId);
  if (!chapter) throw notFound();
  return chapterAccessOf(access, chapter);
}

/** A member's standing towards one chapter of their project. */
export function chapterAccessOf(access: ProjectAccess, chapter: ChapterRow): ChapterAccess {
  const isMainArtist = access.positions.includes(MAIN_ARTIST_POSITION);
  return { ...access, chapter, isMainArtist };
}

/** Members other than the editorial desk (editor in charge, seats): they write the storyboard (docs/production.md). */
export const isCreator = (access: ProjectAccess): boolean => !access.isEditorialDesk || access.isFounder;

export function requireCreator(access: ProjectAccess): void {
  if (!isCreator(access)) throw forbidden();
}

/**
 * A chapter whose final audit has passed (校了) is its own record: its schedule and its red-pen
 * marks are no longer changed (docs/schedule.md, docs/marks.md).
 */
export const isLocked = (chapter: Pick<ChapterRow, 'status'>): boolean =>
  chapter.status === ChapterStatus.FINISHED;

export function requireUnlocked(chapter: Pick<ChapterRow, 'status'>): void {
  if (isLocked(chapter)) throw conflict('chapterLocked');
}
