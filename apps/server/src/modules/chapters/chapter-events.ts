import { LiveEvent } from '@koma/shared';
import type { Deps } from '../../lib/deps.js';
import { type PendingNotice, pushNotices } from '../notices/notices.service.js';
import { projectActivityFor } from '../projects/project-cards.js';
import { memberIds } from '../projects/projects.policy.js';
import { forecastFor } from '../schedule/forecasts.js';

/**
 * After a production change has committed: forgets the project's card progress and the chapter's
 * forecast, pushes its notices and tells every member's open chapter screens to reload
 * (LiveEvent.CHAPTER), so nobody acts on a stale page.
 */
export async function announceChapterChange(
  deps: Pick<Deps, 'db' | 'live' | 'jobs'>,
  projectId: number,
  chapterId: number,
  notices: PendingNotice[] = [],
): Promise<void> {
  projectActivityFor(deps.db).delete(projectId);
  forecastFor(deps.db).delete(chapterId);
  pushNotices(deps, notices);
  deps.live.publish(await memberIds(deps.db, projectId), {
    event: LiveEvent.CHAPTER,
    data: { projectId, chapterId },
  });
}
