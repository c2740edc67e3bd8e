import type { TFunction } from 'i18next';

/**
 * Approving over open red-pen marks asks first (docs/marks.md, "Approving with open marks"): the
 * approval's confirmation leads with how many marks are still open. The server does not refuse;
 * the reviewer decides. Nothing changes when no mark is open.
 */
export function openMarksTitle(openMarks: number, t: TFunction): { title?: string } {
  return openMarks > 0 ? { title: t('chapterDetails.openMarksConfirm', { count: openMarks }) } : {};
}
