import { type MarkCounts, markCountsText } from '@koma/shared/constants';
import type { TFunction } from 'i18next';

/**
 * Marks by state in the one wording of every screen and the correction sheet (issue 30): the
 * viewer's panel, the storyboard cards and the step history all say them with this.
 */
export function markCountsWords(t: TFunction, counts: MarkCounts): string {
  return markCountsText(counts, (key) => t(`validation.${key}`));
}
