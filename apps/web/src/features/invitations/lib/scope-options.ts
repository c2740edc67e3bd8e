import type { InviteScope } from '@koma/shared/constants';

/** The scope select's value for the whole project (a chapter is its id). */
export const WHOLE_PROJECT = 0;

/**
 * The scopes a part may be offered for: the whole project and every chapter, or, for an inviter
 * of some chapters only, those chapters (the server refuses the others: docs/access.md).
 */
export function scopeOptions<C extends { id: number; title: string }>(
  chapters: readonly C[],
  wholeLabel: string,
  scope?: InviteScope,
): { value: number; label: string }[] {
  const whole = scope === undefined || scope.wholeProject;
  const shown = whole ? chapters : chapters.filter((c) => scope.chapterIds.includes(c.id));
  return [
    ...(whole ? [{ value: WHOLE_PROJECT, label: wholeLabel }] : []),
    ...shown.map((c) => ({ value: c.id, label: c.title })),
  ];
}
