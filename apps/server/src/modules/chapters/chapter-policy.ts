import { MAIN_ARTIST_POSITION } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { type ProjectAccess, requireMember } from '../projects/projects.policy.js';
import { type ChapterRow, findChapter } from './chapters.repository.js';

export interface ChapterAccess extends ProjectAccess {
  chapter: ChapterRow;
  /** Founder or main artist: approves page work (DESIGN.md section 6). */
  isApprover: boolean;
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
  const access = await requireMember(db, projectId, userId);
  const chapter = await findChapter(db, projectId, chapterId);
  if (!chapter) throw notFound();
  return chapterAccessOf(access, chapter);
}

/** A member's standing towards one chapter of their project. */
export function chapterAccessOf(access: ProjectAccess, chapter: ChapterRow): ChapterAccess {
  const isMainArtist = access.positions.includes(MAIN_ARTIST_POSITION);
  return { ...access, chapter, isMainArtist, isApprover: access.isFounder || isMainArtist };
}

/** Members other than the editor in charge: they write the storyboard (spec section 6). */
export function requireCreator(access: ProjectAccess): void {
  if (access.isEditor && !access.isFounder) throw forbidden();
}

export function requireEditorInCharge(access: ProjectAccess): void {
  if (!access.isEditor) throw forbidden();
}

export function requireChapterFounder(access: ProjectAccess): void {
  if (!access.isFounder) throw forbidden();
}
