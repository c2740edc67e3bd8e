import type { WorkPage } from '@koma/shared';
import type { WorkPageState } from './workflow-views.js';

/**
 * The work list's wire shape: the progress as the screen reads it ("2/5", "40%") and as a number
 * (`percent`, docs/api-conventions.md), both from the service's counts of steps.
 */
export function presentWorkPage({ stepsDone, stepCount, ...page }: WorkPageState): WorkPage {
  const percent = stepCount ? Math.round((stepsDone / stepCount) * 100) : 0;
  return { ...page, process_text: `${stepsDone}/${stepCount}`, percent_text: `${percent}%`, percent };
}

export function presentWorkPages<T extends { pages: WorkPageState[] }>(data: T) {
  return { ...data, pages: data.pages.map(presentWorkPage) };
}
