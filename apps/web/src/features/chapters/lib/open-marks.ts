import type { TFunction } from 'i18next';

/**
 * Approving over open red-pen marks asks first (docs/marks.md, "Approving with open marks"): the
 * approval's confirmation leads with how many marks are still open. The server does not refuse;
 * the reviewer decides. Nothing changes when no mark is open.
 */
export function openMarksTitle(openMarks: number, t: TFunction): { title?: string } {
  return openMarks > 0 ? { title: t('chapterDetails.openMarksConfirm', { count: openMarks }) } : {};
}

/**
 * The approval's words with the marks the assignee resolved that the approver has not yet
 * confirmed (issue 30): approving leaves them to confirm in the viewer. As they were without any.
 */
export function approvalMarksText(text: string, resolvedMarks: number, t: TFunction): string {
  return resolvedMarks > 0
    ? `${text}\n${t('chapterDetails.resolvedMarksNote', { count: resolvedMarks })}`
    : text;
}
