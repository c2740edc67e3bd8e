import { type Language, type SendBack, StepStatus } from '@koma/shared';
import type { Deps } from '../../lib/deps.js';
import { privateFileLink } from '../files/signed-url.js';
import { renditionsOfKeys } from '../renditions/rendition-links.js';
import { latestRejections } from './work-list.repository.js';
import type { StepRow } from './workflow.repository.js';

/**
 * Why each sent-back step was sent back: its latest sending back, for as long as the step stays
 * sent back, so the work list and the step dialog say it where the work is (docs/production.md).
 */
export async function sendBacksOf(
  deps: Pick<Deps, 'db' | 'storage'>,
  steps: readonly StepRow[],
  lang: Language,
): Promise<(stepId: number | undefined) => SendBack | null> {
  const sentBack = steps.filter((s) => s.status === StepStatus.REJECTED).map((s) => s.id);
  const rows = await latestRejections(deps.db, sentBack);
  const renditionOf = await renditionsOfKeys(
    deps,
    rows.map((r) => r.event.fileKey),
    lang,
  );
  const views = await Promise.all(
    rows.map(
      async ({ event, nickname }): Promise<[number, SendBack]> => [
        event.stepId,
        {
          remark: event.remark,
          user: nickname,
          create_time: event.createdAt.toISOString(),
          renditions: renditionOf(event.fileKey),
          download_url: await privateFileLink(deps, event.fileKey),
        },
      ],
    ),
  );
  const byStep = new Map(views);
  return (stepId) => (stepId === undefined ? null : (byStep.get(stepId) ?? null));
}
