import { NoticeKind, type ProjectEventKind } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../lib/deps.js';
import { noticeTarget, type PendingNotice, storeNotices } from '../notices/notices.service.js';
import type { ProjectAccess } from './projects.policy.js';
import { insertProjectEvent } from './team.repository.js';

/** What the founder and the editorial side change on a chapter or the project (docs/access.md, "Editorial seats"). */
export type EditorialChange =
  | typeof ProjectEventKind.DEADLINE_MOVED
  | typeof ProjectEventKind.CHAPTER_CHANGED
  | typeof ProjectEventKind.DUE_MOVED
  | typeof ProjectEventKind.BUFFER_CHANGED
  | typeof ProjectEventKind.PRINT_SPEC_CHANGED
  | typeof ProjectEventKind.WATERMARK_CHANGED;

/**
 * Records a change of a chapter's days or information, or of a print specification, in the
 * project's activity, in the caller's transaction; made by someone other than the founder, it is
 * a notice to her (`editorial_change`), stored in the same transaction. The notices returned are
 * pushed by the caller once it committed (`pushNotices`).
 */
export async function recordEditorialChange(
  deps: Pick<Deps, 'jobs'>,
  tx: Executor,
  access: ProjectAccess,
  actorId: number,
  change: EditorialChange,
  chapter: { id: number; title: string } | null,
): Promise<PendingNotice[]> {
  const { projectId } = access;
  await insertProjectEvent(tx, { projectId, kind: change, actorId, chapterTitle: chapter?.title ?? null });
  if (actorId === access.founderId) return [];
  const notices: PendingNotice[] = [
    {
      userId: access.founderId,
      kind: NoticeKind.EDITORIAL_CHANGE,
      params: { project: access.title, chapter: chapter?.title ?? '', change },
      target: chapter ? noticeTarget.chapter(projectId, chapter.id) : noticeTarget.project(projectId),
    },
  ];
  await storeNotices(deps, tx, notices, actorId);
  return notices;
}
