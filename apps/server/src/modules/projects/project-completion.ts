import { type Language, NoticeKind, POSITIONS, referenceName } from '@koma/shared';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../lib/deps.js';
import { noticeTarget, type PendingNotice, storeNotices } from '../notices/notices.service.js';
import * as recruitmentRepo from '../recruitment/recruitment.repository.js';
import { completeProject } from './projects.repository.js';

/**
 * Completes a project inside the caller's transaction (the founder marks it, or a one-shot's
 * chapter passes its final audit). A completed project takes no new members (docs/recruitment.md):
 * its recruitments end, and whoever was still waiting for an answer is turned down with the usual
 * notice. The notices are stored here; the caller pushes them after the commit. Undefined when the
 * project was not ongoing (nothing changed).
 */
export async function completeProjectIn(
  deps: Pick<Deps, 'jobs'>,
  tx: Executor,
  project: { id: number; title: string },
  lang: Language,
): Promise<PendingNotice[] | undefined> {
  if (!(await completeProject(tx, project.id))) return undefined;
  await recruitmentRepo.endProjectRecruitments(tx, project.id);
  const declined = await recruitmentRepo.declinePendingOf(tx, project.id);
  const notices: PendingNotice[] = declined.map((d) => ({
    userId: d.userId,
    kind: NoticeKind.APPLICATION_REJECTED,
    params: { project: project.title, position: referenceName(POSITIONS, d.positionId, lang) },
    target: noticeTarget.project(project.id),
  }));
  await storeNotices(deps, tx, notices);
  return notices;
}
